// A data-transformer "agent": normalizes a raw customer record into the canonical JSON shape.
function isoDate(text) {
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : text;
}

export default async function transform(input) {
  const record = input.context?.record ?? {};
  return JSON.stringify({
    name: String(record['Full Name'] ?? '').trim(),
    email: String(record['E-Mail'] ?? '').trim().toLowerCase(),
    joined: isoDate(String(record.Joined ?? '').trim()),
    orders: Number.parseInt(record.Orders ?? '0', 10),
  });
}
