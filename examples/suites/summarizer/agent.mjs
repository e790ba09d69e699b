// An extractive summarizer "agent": the sentence of the text that shares the most words with the rest.
export default async function summarize(input) {
  const sentences = (input.context?.text ?? '').match(/[^.!?]+[.!?]/g) ?? [];
  const words = (s) => new Set(s.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  let best = sentences[0] ?? '';
  let bestScore = -1;
  for (const sentence of sentences) {
    const own = words(sentence);
    const others = sentences.filter((s) => s !== sentence).flatMap((s) => [...words(s)]);
    const score = others.filter((w) => own.has(w)).length + own.size / 10;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best.trim();
}
