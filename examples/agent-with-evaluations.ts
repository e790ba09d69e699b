/**
 * The demo: an AI SDK 7 agent with tools answers a handful of questions while an EvaluatingSpanProcessor
 * registered in NodeSDK scores every agent run, tool call and (sampled) LLM call.
 *
 *   npm run demo
 *
 * Without OPENAI_API_KEY a scripted mock model answers, so it runs offline; with one the real model is
 * used through @ai-sdk/openai (OPENAI_MODEL, default gpt-4o-mini). Results are printed and, when a
 * collector listens at OTEL_EXPORTER_OTLP_ENDPOINT (default http://localhost:4318), exported over OTLP.
 *
 * OTEL_EVALS_DEMO_MODE=baseline|degraded picks the mock model's behaviour; OTEL_EVALS_DEMO_ROUNDS=n
 * repeats the questions n times (default 1); OTEL_EVALS_DEMO_INTERVAL_MS=ms pauses between rounds, so a long
 * run produces a steady stream of telemetry (the end-to-end test uses it for its baseline and degraded phases).
 */
import { OpenTelemetry } from '@ai-sdk/otel';
import type { LanguageModel } from 'ai';
import { generateText, registerTelemetry, stepCountIs } from 'ai';
import { EvaluatingSpanProcessor } from '../src/index.ts';
import { demoModel, type DemoMode } from './demo/mock-model.ts';
import { DEMO_QUESTIONS } from './demo/questions.ts';
import { demoRules } from './demo/rules.ts';
import { printSummary, SummaryCollector } from './demo/summary.ts';
import { collectorListening, otlpEndpoint, startTelemetry, stopTelemetry } from './demo/telemetry.ts';
import { demoTools } from './demo/tools.ts';

/** Options of {@link runDemo}. */
export interface DemoOptions {
  mode?: DemoMode;
  rounds?: number;
  /** Export over OTLP: true, false, or 'auto' (when a collector listens). */
  exportOtlp?: boolean | 'auto';
  quiet?: boolean;
}

async function chooseModel(mode: () => DemoMode): Promise<LanguageModel> {
  if (!process.env.OPENAI_API_KEY) return demoModel(mode);
  const { openai } = await import('@ai-sdk/openai');
  return openai(process.env.OPENAI_MODEL ?? 'gpt-4o-mini');
}

/** Runs the demo and returns what the processor evaluated. */
export async function runDemo(options: DemoOptions = {}) {
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  const mode: DemoMode = options.mode ?? (process.env.OTEL_EVALS_DEMO_MODE === 'degraded' ? 'degraded' : 'baseline');
  const rounds = options.rounds ?? Math.max(1, Number(process.env.OTEL_EVALS_DEMO_ROUNDS ?? 1) || 1);
  const pauseMs = Math.max(0, Number(process.env.OTEL_EVALS_DEMO_INTERVAL_MS ?? 0) || 0);
  const endpoint = otlpEndpoint();
  const exportOtlp = options.exportOtlp === 'auto' || options.exportOtlp === undefined ? await collectorListening(endpoint) : options.exportOtlp;
  if (exportOtlp) log(`Exporting traces, logs and metrics over OTLP/HTTP to ${endpoint}.`);
  else log(`No collector listens at ${endpoint}: results are printed only. To see them in Grafana, start the stack described in README "See it in Grafana" (collector-config/) and run again.`);

  const collector = new SummaryCollector();
  const processor = new EvaluatingSpanProcessor({ rules: demoRules(), storageProvider: collector });
  const sdk = startTelemetry(processor, exportOtlp);
  registerTelemetry(new OpenTelemetry());
  const model = await chooseModel(() => mode);
  log(`Model: ${process.env.OPENAI_API_KEY ? 'OpenAI' : `scripted mock (${mode})`}; ${rounds} round(s) of ${DEMO_QUESTIONS.length} questions.`);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const { question } of DEMO_QUESTIONS) {
        const { text } = await generateText({
          model,
          system: 'You are a helpful assistant. Use the tools for weather, arithmetic and currency questions.',
          prompt: question,
          tools: demoTools(),
          stopWhen: stepCountIs(4),
          telemetry: { functionId: 'demo-assistant' },
        });
        if (round === 0) log(`Q: ${question}\nA: ${text}`);
      }
      if (pauseMs > 0 && round < rounds - 1) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    await processor.forceFlush();
  } finally {
    await stopTelemetry(sdk);
  }
  if (!options.quiet) printSummary(collector.results);
  return collector.results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDemo().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
