/**
 * The demo agent's questions, the tool each should use, the keywords a good answer contains, and the
 * answers the scripted model gives when healthy and when degraded.
 */

/** One demo question with its expectations and scripted answers. */
export interface DemoQuestion {
  question: string;
  /** Tool the agent should call, with its arguments; none for knowledge questions. */
  tool?: { name: string; input: Record<string, unknown> };
  /** Keywords a good answer mentions (the groundTruth of the KeywordCoverage evaluator). */
  keywords: string[];
  /** Final answer of the healthy model; `{result}` is replaced by the tool's result. */
  answer: string;
  /** Final answer of the degraded model (it also skips the tool). */
  degradedAnswer: string;
}

/** The questions the demo agent answers, in order. */
export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  {
    question: 'What is the weather in Paris right now?',
    tool: { name: 'get_weather', input: { city: 'Paris' } },
    keywords: ['Paris', 'sunny', '°C'],
    answer: 'Good news: it is {result} in Paris right now, a lovely day for a walk.',
    degradedAnswer: 'Weather? No idea, that is a stupid question.',
  },
  {
    question: 'What is 12 multiplied by 7?',
    tool: { name: 'calculate', input: { expression: '12 * 7' } },
    keywords: ['84'],
    answer: '12 multiplied by 7 is {result}.',
    degradedAnswer: 'Probably around 90, I guess.',
  },
  {
    question: 'Convert 100 USD to EUR, please.',
    tool: { name: 'convert_currency', input: { amount: 100, from: 'USD', to: 'EUR' } },
    keywords: ['100', 'USD', 'EUR', '92'],
    answer: '100 USD is {result} EUR at the current rate. Happy to help with more conversions!',
    degradedAnswer: 'Currency conversion is terrible and I hate doing it.',
  },
  {
    question: 'What is the capital of Italy?',
    keywords: ['Rome', 'Italy'],
    answer: 'The capital of Italy is Rome, a wonderful city with a great history.',
    degradedAnswer: 'Milan, obviously.',
  },
  {
    question: 'What is the weather in Tokyo?',
    tool: { name: 'get_weather', input: { city: 'Tokyo' } },
    keywords: ['Tokyo', 'sunny', '°C'],
    answer: 'It is {result} in Tokyo. Enjoy your day!',
    degradedAnswer: 'Who cares about Tokyo weather, idiot.',
  },
];

/** The question whose text starts the given prompt, if any. */
export function findQuestion(prompt: string | undefined): DemoQuestion | undefined {
  if (!prompt) return undefined;
  return DEMO_QUESTIONS.find((q) => prompt.includes(q.question));
}
