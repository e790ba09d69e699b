/** The demo agent's tools: weather, arithmetic and currency conversion, all deterministic. */
import { tool } from 'ai';
import { z } from 'zod';

const RATES: Record<string, number> = { 'USD:EUR': 0.92, 'EUR:USD': 1.09 };

/** Evaluates `a op b` for + - * / on two numbers; anything else is an error. */
function calculate(expression: string): number {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*([+\-*/])\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
  if (!match) throw new Error(`cannot evaluate "${expression}"`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    default: return a / b;
  }
}

/** The tool set given to the agent. */
export function demoTools() {
  return {
    get_weather: tool({
      description: 'Get the current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }: { city: string }) => ({ city, temperatureC: 21, condition: 'sunny' }),
    }),
    calculate: tool({
      description: 'Evaluate a simple arithmetic expression such as "12 * 7"',
      inputSchema: z.object({ expression: z.string() }),
      execute: async ({ expression }: { expression: string }) => ({ expression, result: calculate(expression) }),
    }),
    convert_currency: tool({
      description: 'Convert an amount between currencies',
      inputSchema: z.object({ amount: z.number(), from: z.string(), to: z.string() }),
      execute: async ({ amount, from, to }: { amount: number; from: string; to: string }) => {
        const rate = RATES[`${from}:${to}`];
        if (rate === undefined) throw new Error(`no rate for ${from} to ${to}`);
        return { amount, from, to, converted: Math.round(amount * rate * 100) / 100 };
      },
    }),
  };
}

/** How a tool result reads inside an answer. */
export function describeToolResult(toolName: string, output: unknown): string {
  const value = (output ?? {}) as Record<string, unknown>;
  if (toolName === 'get_weather') return `${String(value.temperatureC)}°C and ${String(value.condition)}`;
  if (toolName === 'calculate') return String(value.result);
  if (toolName === 'convert_currency') return String(value.converted);
  return JSON.stringify(output);
}
