/**
 * The `model` option: an AI SDK model object, or a `provider:model` string resolved through the AI
 * SDK provider registry. Providers load by dynamic import, so they are needed only when used:
 * `openai:<model>` (`@ai-sdk/openai`, key from `OPENAI_API_KEY` or `apiKeyEnv`) and
 * `openai-compatible:<name>:<model>` (`@ai-sdk/openai-compatible`, `baseURL` required, e.g. Ollama,
 * vLLM, llama.cpp; key from `apiKeyEnv` when set).
 */
import { createProviderRegistry } from 'ai';
import type { EmbeddingModel, LanguageModel } from 'ai';
import { JudgeError } from './judge-error.ts';

/** Where a `provider:model` string is served from. */
export interface ModelResolutionOptions {
  /** Base URL of the API (required for openai-compatible). */
  baseURL?: string;
  /** Name of the environment variable holding the API key. */
  apiKeyEnv?: string;
}

type ProviderV4Like = Parameters<typeof createProviderRegistry>[0][string];

function apiKey(options: ModelResolutionOptions, fallbackEnv: string | undefined): string | undefined {
  const name = options.apiKeyEnv ?? fallbackEnv;
  if (name === undefined) return undefined;
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new JudgeError({ message: `environment variable ${name} is not set (fix: export ${name}, or set apiKeyEnv to the variable that holds the key)`, errorType: 'provider_error' });
  }
  return value;
}

/** Splits `provider:model` (openai-compatible: `openai-compatible:<name>:<model>`); model ids may contain `:`. */
export function parseModelSpec(spec: string): { provider: string; name: string; modelId: string } {
  const [provider = '', ...rest] = spec.split(':');
  if (provider === 'openai-compatible') {
    const [name = '', ...model] = rest;
    if (!name || model.length === 0) throw new JudgeError({ message: `model "${spec}": expected openai-compatible:<name>:<model>`, errorType: 'provider_error' });
    return { provider, name, modelId: model.join(':') };
  }
  if (!provider || rest.length === 0) throw new JudgeError({ message: `model "${spec}": expected <provider>:<model>, e.g. openai:gpt-4o-mini`, errorType: 'provider_error' });
  return { provider, name: provider, modelId: rest.join(':') };
}

async function importProvider<T>(pkg: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new JudgeError({ message: `model strings of this provider need the package ${pkg} (fix: npm install ${pkg}): ${(error as Error).message}`, errorType: 'provider_error', cause: error });
  }
}

async function loadProvider(provider: string, name: string, options: ModelResolutionOptions): Promise<ProviderV4Like> {
  if (provider === 'openai') {
    const { createOpenAI } = await importProvider('@ai-sdk/openai', () => import('@ai-sdk/openai'));
    return createOpenAI({ apiKey: apiKey(options, 'OPENAI_API_KEY'), ...(options.baseURL ? { baseURL: options.baseURL } : {}) }) as unknown as ProviderV4Like;
  }
  if (provider === 'openai-compatible') {
    if (!options.baseURL) throw new JudgeError({ message: `openai-compatible provider "${name}" needs baseURL (e.g. http://localhost:11434/v1 for Ollama)`, errorType: 'provider_error' });
    const { createOpenAICompatible } = await importProvider('@ai-sdk/openai-compatible', () => import('@ai-sdk/openai-compatible'));
    const key = apiKey(options, undefined);
    return createOpenAICompatible({ name, baseURL: options.baseURL, ...(key ? { apiKey: key } : {}) }) as unknown as ProviderV4Like;
  }
  throw new JudgeError({ message: `unsupported provider "${provider}" in model string; use openai:<model>, openai-compatible:<name>:<model>, or pass an AI SDK model object in code`, errorType: 'provider_error' });
}

const registries = new Map<string, Promise<ReturnType<typeof createProviderRegistry>>>();

async function registryFor(spec: string, options: ModelResolutionOptions): Promise<{ registry: ReturnType<typeof createProviderRegistry>; id: string }> {
  const { provider, name, modelId } = parseModelSpec(spec);
  const cacheKey = JSON.stringify([provider, name, options.baseURL, options.apiKeyEnv]);
  let registry = registries.get(cacheKey);
  if (!registry) {
    registry = loadProvider(provider, name, options).then((loaded) => createProviderRegistry({ [name]: loaded }));
    registries.set(cacheKey, registry);
    registry.catch(() => registries.delete(cacheKey));
  }
  return { registry: await registry, id: `${name}:${modelId}` };
}

/** Resolves the `model` option to a language model. */
export async function resolveLanguageModel(model: LanguageModel | string, options: ModelResolutionOptions = {}): Promise<Exclude<LanguageModel, string>> {
  if (typeof model !== 'string') return model;
  const { registry, id } = await registryFor(model, options);
  return registry.languageModel(id as `${string}:${string}`);
}

/** Resolves the `model` option to an embedding model. */
export async function resolveEmbeddingModel(model: EmbeddingModel | string, options: ModelResolutionOptions = {}): Promise<Exclude<EmbeddingModel, string>> {
  if (typeof model !== 'string') return model;
  const { registry, id } = await registryFor(model, options);
  return registry.embeddingModel(id as `${string}:${string}`);
}

/** A stable id of a model for cache keys and metadata: `provider:modelId`. */
export function modelKey(model: LanguageModel | EmbeddingModel | string): string {
  if (typeof model === 'string') return model;
  return `${model.provider}:${model.modelId}`;
}
