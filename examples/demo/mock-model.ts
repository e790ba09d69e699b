/**
 * The scripted model the demo uses when no OPENAI_API_KEY is set: a MockLanguageModelV4 that answers
 * the demo questions like a small tool-using agent would. Healthy: it calls the right tool, then
 * answers with the tool's result. Degraded: it skips the tool and answers badly, so scores drop.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { findQuestion } from './questions.ts';
import { describeToolResult } from './tools.ts';

/** Healthy or degraded behaviour. */
export type DemoMode = 'baseline' | 'degraded';

type Prompt = LanguageModelV4CallOptions['prompt'];

function lastUserText(prompt: Prompt): string | undefined {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return undefined;
}

function lastToolResult(prompt: Prompt): { toolName: string; output: unknown } | undefined {
  const last = prompt[prompt.length - 1];
  if (last?.role !== 'tool') return undefined;
  const part = last.content.find((p) => p.type === 'tool-result');
  if (!part || part.type !== 'tool-result') return undefined;
  const output = part.output.type === 'json' || part.output.type === 'text' ? part.output.value : undefined;
  return { toolName: part.toolName, output };
}

function result(content: LanguageModelV4Content[], callIndex: number, modelId: string): LanguageModelV4GenerateResult {
  const toolCall = content.some((part) => part.type === 'tool-call');
  const inputTokens = 120 + callIndex * 40;
  const outputTokens = toolCall ? 18 : 32;
  return {
    content,
    finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: toolCall ? 'tool_calls' : 'stop' },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
    },
    response: { id: `resp-${callIndex}`, modelId, timestamp: new Date() },
    warnings: [],
  };
}

/** A scripted model answering the demo questions; `mode()` is read on every call, so it can switch. */
export function demoModel(mode: () => DemoMode): MockLanguageModelV4 {
  let calls = 0;
  const modelId = 'demo-mini';
  return new MockLanguageModelV4({
    provider: 'openai.chat',
    modelId,
    doGenerate: async (options) => {
      calls += 1;
      const question = findQuestion(lastUserText(options.prompt));
      if (!question) return result([{ type: 'text', text: 'I can help with weather, arithmetic and currency questions.' }], calls, modelId);
      if (mode() === 'degraded') return result([{ type: 'text', text: question.degradedAnswer }], calls, modelId);
      const toolResult = lastToolResult(options.prompt);
      if (question.tool && !toolResult) {
        const input = JSON.stringify(question.tool.input);
        return result([{ type: 'tool-call', toolCallId: `call-${calls}`, toolName: question.tool.name, input }], calls, modelId);
      }
      const filled = toolResult ? question.answer.replace('{result}', describeToolResult(toolResult.toolName, toolResult.output)) : question.answer;
      return result([{ type: 'text', text: filled }], calls, modelId);
    },
  });
}
