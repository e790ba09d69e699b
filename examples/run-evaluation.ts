/**
 * Evaluate an agent's answer in code: rule-based checks, the lexical suite (LexicalSimilarity,
 * KeywordCoverage, Sentiment, Toxicity) and tool usage over a message history with tool calls, each
 * aggregated result appended as one JSON line to a file.
 *
 *   npm run example:run-evaluation            # writes .cache/examples/evaluation-results.jsonl
 *   npm run example:run-evaluation -- out.jsonl
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  JsonFileStorageProvider,
  runEvaluation,
  type AgentMessage,
  type AggregatedEvaluationResult,
  type EvaluationCriteria,
  type EvaluationInput,
  type EvaluationRunConfig,
} from '../src/index.ts';

/** Where results go unless told otherwise. */
export const DEFAULT_RESULTS_FILE = '.cache/examples/evaluation-results.jsonl';

const prompt = 'Hello, what can you do for me? And find the weather in London.';
const groundTruth = 'As an otel-evals demo helper, I can assist you with various activities. The weather in London is currently 15C and cloudy.';

const criteria: EvaluationCriteria[] = [
  { name: 'IsConcise', description: 'The response is at most 40 words.', scale: 'binary' },
  { name: 'MentionsLondon', description: 'The response names the city asked about.', scale: 'binary' },
  { name: 'LexicalResponseMatch', description: 'Close to the reference answer.', scale: 'numeric', threshold: 0.5 },
  { name: 'ResponseKeywordCoverage', description: 'Covers the key terms.', scale: 'numeric', weight: 2 },
  { name: 'ResponseSentiment', description: 'Neutral to positive tone.', scale: 'numeric', threshold: 0.5 },
  { name: 'IsNotToxic', description: 'No toxic language.', scale: 'binary', weight: 3 },
  { name: 'UsedSearchToolCorrectly', description: 'Searched the web with a query about London.', scale: 'binary', weight: 2 },
  { name: 'UsedRequiredFinalizeTool', description: 'Finalized the task exactly once.', scale: 'binary' },
  { name: 'ToolCallOrder', description: 'Searched before finalizing.', scale: 'binary' },
  { name: 'ToolSelection', description: 'F1 of the tools chosen.', scale: 'numeric' },
];

// Tool calls in both part shapes the evaluator understands: AI SDK (`tool-call`) and underscore (`tool_call`).
const messageHistory: AgentMessage[] = [
  { role: 'user', content: prompt },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me look that up.' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'search_web', input: { query: 'weather in London today' } },
    ],
  },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'search_web', output: { type: 'json', value: { temperatureC: 15, sky: 'cloudy' } } }] },
  { role: 'assistant', content: [{ type: 'tool_call', toolCallId: 'call-2', toolName: 'finalize_task', args: '{"status":"done"}' }] },
  { role: 'tool', content: [{ type: 'tool_result', toolCallId: 'call-2', toolName: 'finalize_task', result: 'ok' }] },
];

/** The evaluator configuration: the seed's evaluator types and config fields. */
export function exampleConfig(storage?: JsonFileStorageProvider): EvaluationRunConfig {
  return {
    evaluatorConfigs: [
      {
        type: 'RuleBased',
        rules: [
          { criterionName: 'IsConcise', type: 'length', max: 40, unit: 'words' },
          { criterionName: 'MentionsLondon', type: 'includes', value: 'london', caseSensitive: false },
        ],
      },
      { type: 'LexicalSimilarity', criterionName: 'LexicalResponseMatch', sourceField: 'response', referenceField: 'groundTruth', algorithm: 'sorensen-dice', caseSensitive: false, normalizeWhitespace: true },
      { type: 'KeywordCoverage', criterionName: 'ResponseKeywordCoverage', expectedKeywords: ['weather', 'London', 'assistant', 'task'], caseSensitive: false, matchWholeWord: true },
      { type: 'Sentiment', criterionName: 'ResponseSentiment', outputType: 'comparativeNormalized' },
      { type: 'Toxicity', criterionName: 'IsNotToxic', toxicTerms: ['hate', 'stupid', 'terrible', 'awful', 'idiot'], matchWholeWord: true },
      {
        type: 'ToolUsage',
        toolDataSource: 'messageHistory',
        rules: [
          // In a config file the argument check would be `argumentSchema` or `expectedArguments`; in code it can be a function.
          { criterionName: 'UsedSearchToolCorrectly', expectedToolName: 'search_web', isRequired: true, argumentChecks: (args: Record<string, unknown>) => typeof args.query === 'string' && /london/i.test(args.query) },
          { criterionName: 'UsedRequiredFinalizeTool', expectedToolName: 'finalize_task', isRequired: true, maxCalls: 1, expectedArguments: { status: 'done' } },
        ],
        expectedOrder: ['search_web', 'finalize_task'],
        orderMode: 'subsequence',
        orderCriterionName: 'ToolCallOrder',
        toolSelectionCriterion: 'ToolSelection',
      },
    ],
    ...(storage ? { storageProvider: storage } : {}),
    metadata: { testSuite: 'run_evaluation_example' },
  };
}

/** The three inputs of the example: a good answer, a negative one and a toxic one. */
export function exampleInputs(): EvaluationInput[] {
  const base = { prompt, groundTruth, criteria, messageHistory, agentId: 'example-agent-001' };
  return [
    { ...base, sessionId: 'example-session-good', response: 'I am an otel-evals demo assistant. I found the weather for you. The weather in London is 15C and cloudy. I have finalized the task.' },
    { ...base, sessionId: 'example-session-negative', response: 'I am unhappy to say the weather in London is awful: cold, grey and miserable. Sadly I finalized the task.' },
    { ...base, sessionId: 'example-session-toxic', response: 'You are a stupid idiot and I hate this terrible task. London weather is 15C.' },
  ];
}

/** Options of {@link main}. */
export interface MainOptions {
  /** JSONL file the results are appended to. */
  filePath?: string;
  /** Where the printout goes (default console.log). */
  log?: (text: string) => void;
}

/** Runs the example: evaluates each input, prints and stores each aggregated result. */
export async function main(options: MainOptions = {}): Promise<{ filePath: string; results: AggregatedEvaluationResult[] }> {
  const log = options.log ?? ((text: string) => console.log(text));
  const storage = new JsonFileStorageProvider({ filePath: options.filePath ?? DEFAULT_RESULTS_FILE });
  const config = exampleConfig(storage);
  const results: AggregatedEvaluationResult[] = [];
  for (const input of exampleInputs()) {
    const result = await runEvaluation(input, config);
    results.push(result);
    log(`\n=== ${input.sessionId}: overallScore ${result.overallScore?.toFixed(3) ?? 'n/a'}, passed ${String(result.passed)}`);
    for (const r of result.results) log(`  ${r.passed ? 'PASS' : r.label === 'skipped' ? 'SKIP' : 'FAIL'}  ${r.criterionName.padEnd(26)} ${JSON.stringify(r.score)}  ${r.reasoning ?? ''}`.slice(0, 220));
  }
  log(`\nAggregated result of the first input:\n${JSON.stringify(abbreviate(results[0]), null, 2)}`);
  log(`\n${results.length} results appended to ${storage.filePath}`);
  return { filePath: storage.filePath, results };
}

// Like the seed's printout: the bulky parts of the input snapshot are summarized.
function abbreviate(result: AggregatedEvaluationResult | undefined): unknown {
  if (!result) return undefined;
  const { inputSnapshot } = result;
  return {
    ...result,
    inputSnapshot: {
      ...inputSnapshot,
      criteria: `[${inputSnapshot.criteria.length} criteria: ${inputSnapshot.criteria.map((c) => c.name).join(', ')}]`,
      messageHistory: `[${inputSnapshot.messageHistory?.length ?? 0} messages]`,
    },
  };
}

function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main({ filePath: process.argv[2] }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
