// A calculator "agent": evaluates the arithmetic expression after "Calculate".
export default async function calculator(input) {
  const expression = input.prompt.replace(/^Calculate\s+/i, '');
  if (!/^[\d\s+\-*/().]+$/.test(expression)) throw new Error(`not an arithmetic expression: ${expression}`);
  const value = Function(`"use strict"; return (${expression});`)();
  return String(Number.isInteger(value) ? value : Number(value.toFixed(6)));
}
