/**
 * Suite hooks for tests of OpenAI instrumentations: a context manager, the instrumentation patched onto the
 * `openai` client, and the fake OpenAI server. Kept apart from openai-server.ts, which child processes
 * import outside the test runner.
 */
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import OpenAI from 'openai';
import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from './openai-server.ts';

/** An instrumentation that can patch the `openai` module when it is imported as ESM. */
export interface ManualOpenAIInstrumentation {
  manuallyInstrument(module: typeof OpenAI): void;
}

/**
 * Registers the suite's hooks: an AsyncLocalStorage context manager, the instrumentation patched onto the
 * `openai` client, and a fake OpenAI server; returns a getter for the running server.
 */
export function useInstrumentedOpenAI(instrumentation: ManualOpenAIInstrumentation): () => FakeOpenAIServer {
  let server: FakeOpenAIServer | undefined;
  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    instrumentation.manuallyInstrument(OpenAI);
    server = await startFakeOpenAI();
  });
  afterAll(async () => {
    await server?.close();
    context.disable();
  });
  return () => {
    if (!server) throw new Error('the fake OpenAI server is not running (use the getter inside a test)');
    return server;
  };
}
