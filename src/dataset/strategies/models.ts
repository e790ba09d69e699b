/**
 * Models named in suite files: `settings.judgeModel`, `settings.embeddingModel` and a scorer's
 * `settings.model` may name a model registered in code (`registerSuiteModel('mock-judge', model)`, e.g.
 * from a module listed under `modules`) instead of a `provider:model` string. The table lives on
 * globalThis so a module loaded through another path still registers into the same one.
 */
const KEY = Symbol.for('otel-evals.suite-models');

type ModelTable = Map<string, object>;

function table(): ModelTable {
  const holder = globalThis as unknown as Record<symbol, ModelTable | undefined>;
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** Registers a model object (an AI SDK LanguageModel or EmbeddingModel) under a name suite files can use. */
export function registerSuiteModel(name: string, model: object): void {
  if (!name) throw new TypeError('registerSuiteModel: name must be a non-empty string');
  table().set(name, model);
}

/** The model a suite file names: the registered object, or the string itself (`provider:model`). */
export function resolveModelRef(value: unknown): unknown {
  return typeof value === 'string' ? (table().get(value) ?? value) : value;
}

/** The registered name of a model object, for cache keys. */
export function modelRefName(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [name, model] of table()) if (model === value) return name;
  return undefined;
}
