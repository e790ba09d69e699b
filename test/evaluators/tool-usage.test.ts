import { describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../src/core/errors.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { AgentMessage, EvaluationInput, EvaluationResult, ToolCall } from '../../src/core/types.ts';
import { extractToolCalls, readToolCalls } from '../../src/evaluators/tool-calls.ts';
import { toolUsage, type ToolUsageOptions } from '../../src/evaluators/tool-usage.ts';

const aiSdkHistory: AgentMessage[] = [
  { role: 'user', content: 'Weather in London, then finish.' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Searching.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'search_web', input: { query: 'weather London', limit: 3 } },
    ],
  },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'search_web', output: { type: 'json', value: { temp: 15 } } }] },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'finalize_task', input: '{"status":"done"}' }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'finalize_task', output: { type: 'text', value: 'ok' } }] },
];

const legacyHistory: AgentMessage[] = [
  { role: 'user', content: 'Weather in London, then finish.' },
  { role: 'assistant', content: [{ type: 'tool_call', toolCallId: 'a', toolName: 'search_web', args: { query: 'weather London', limit: 3 } }] },
  { role: 'tool', content: [{ type: 'tool_result', toolCallId: 'a', toolName: 'search_web', result: { temp: 15 } }] },
  { role: 'assistant', content: [{ type: 'tool_call', toolName: 'finalize_task', args: '{"status":"done"}' }] },
  { role: 'tool', content: [{ type: 'tool_result', toolName: 'finalize_task', result: 'ok' }] },
];

function input(extra: Partial<EvaluationInput> = {}): EvaluationInput {
  return { response: 'It is 15C in London.', criteria: [], ...extra };
}

function evaluate(options: ToolUsageOptions, data: Partial<EvaluationInput>): EvaluationResult[] {
  const evaluator = toolUsage(options);
  return evaluator.evaluateSync!(input(data), []);
}

function byName(results: EvaluationResult[], name: string): EvaluationResult {
  const result = results.find((r) => r.criterionName === name);
  if (!result) throw new Error(`no result for ${name}`);
  return result;
}

describe('extractToolCalls', () => {
  const expected: ToolCall[] = [
    { id: 'c1', name: 'search_web', arguments: { query: 'weather London', limit: 3 }, result: { temp: 15 } },
    { id: 'c2', name: 'finalize_task', arguments: { status: 'done' }, result: 'ok' },
  ];

  it('reads AI SDK parts, joins results by toolCallId and parses JSON string arguments', () => {
    expect(extractToolCalls(input({ messageHistory: aiSdkHistory }))).toEqual(expected);
  });

  it('reads the underscore parts, joining id-less results to the open call of the same tool', () => {
    const calls = extractToolCalls(input({ messageHistory: legacyHistory }));
    expect(calls).toEqual([
      { id: 'a', name: 'search_web', arguments: { query: 'weather London', limit: 3 }, result: { temp: 15 } },
      { name: 'finalize_task', arguments: { status: 'done' }, result: 'ok' },
    ]);
  });

  it('joins results to the right call when the same tool is called twice', () => {
    const history: AgentMessage[] = [
      { role: 'assistant', content: [
        { type: 'tool-call', toolCallId: 'x', toolName: 'lookup', input: { id: 1 } },
        { type: 'tool-call', toolCallId: 'y', toolName: 'lookup', input: { id: 2 } },
      ] },
      { role: 'tool', content: [
        { type: 'tool-result', toolCallId: 'y', toolName: 'lookup', output: 'two' },
        { type: 'tool-result', toolCallId: 'x', toolName: 'lookup', output: { type: 'error-text', value: 'not found' } },
      ] },
    ];
    expect(extractToolCalls(input({ messageHistory: history }))).toEqual([
      { id: 'x', name: 'lookup', arguments: { id: 1 }, result: 'not found', error: 'not found' },
      { id: 'y', name: 'lookup', arguments: { id: 2 }, result: 'two' },
    ]);
  });

  it('reads OpenAI-style tool_calls messages and role tool answers', () => {
    const history = [
      { role: 'assistant', content: '', tool_calls: [{ id: 't1', type: 'function', function: { name: 'get_time', arguments: '{"tz":"UTC"}' } }] },
      { role: 'tool', tool_call_id: 't1', content: '12:00' },
    ] as unknown as AgentMessage[];
    expect(extractToolCalls(input({ messageHistory: history }))).toEqual([{ id: 't1', name: 'get_time', arguments: { tz: 'UTC' }, result: '12:00' }]);
  });

  it('prefers input.toolCalls, then messageHistory, then context, taking the first source with calls', () => {
    const toolCalls: ToolCall[] = [{ name: 'only_here', arguments: '{"a":1}' }];
    expect(readToolCalls(input({ toolCalls, messageHistory: aiSdkHistory }))).toEqual({ source: 'toolCalls', calls: [{ name: 'only_here', arguments: { a: 1 } }] });
    expect(readToolCalls(input({ toolCalls: [], messageHistory: aiSdkHistory }))?.source).toBe('messageHistory');
    const context = { run: { calls: [{ toolName: 'ctx_tool', args: { q: 1 } }] } };
    expect(readToolCalls(input({ context }), { contextPath: 'run.calls' })).toEqual({ source: 'context', calls: [{ name: 'ctx_tool', arguments: { q: 1 } }] });
    expect(readToolCalls(input({ messageHistory: [{ role: 'user', content: 'hi' }] }))).toEqual({ source: 'messageHistory', calls: [] });
    expect(readToolCalls(input())).toBeUndefined();
  });

  it('reads tool parts of an AgentMessage response', () => {
    const response: AgentMessage = { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'r', toolName: 'search_web', input: {} }] };
    expect(extractToolCalls(input({ response }))).toEqual([{ id: 'r', name: 'search_web', arguments: {} }]);
  });
});

describe('ToolUsage', () => {
  const rules: ToolUsageOptions['rules'] = [
    { criterionName: 'UsedSearchToolCorrectly', expectedToolName: 'search_web', isRequired: true, argumentChecks: (args) => typeof args.query === 'string' && args.query.includes('London') },
    { criterionName: 'UsedRequiredFinalizeTool', expectedToolName: 'finalize_task', isRequired: true },
  ];

  it.each([
    ['AI SDK parts', aiSdkHistory],
    ['underscore parts', legacyHistory],
  ])('passes correct usage in %s with the seed reasoning', (_name, messageHistory) => {
    const results = evaluate({ rules }, { messageHistory });
    expect(results.map((r) => [r.criterionName, r.score])).toEqual([
      ['UsedSearchToolCorrectly', true],
      ['UsedRequiredFinalizeTool', true],
    ]);
    expect(results[0]?.reasoning).toBe("Tool 'search_web' was called 1 time(s). Argument check passed for the first call.");
    expect(results[0]?.metadata).toMatchObject({ toolDataSource: 'messageHistory', callCount: 1 });
  });

  it('fails a missing required tool and skips an optional one', () => {
    const results = evaluate({
      rules: [
        { criterionName: 'MustEmail', expectedToolName: 'send_email', isRequired: true },
        { criterionName: 'MayTranslate', expectedToolName: 'translate' },
      ],
    }, { messageHistory: aiSdkHistory });
    expect(byName(results, 'MustEmail')).toMatchObject({ score: false, reasoning: "Required tool 'send_email' was not called. Tools called: [search_web, finalize_task]." });
    expect(byName(results, 'MayTranslate')).toMatchObject({ score: null, label: 'skipped', reasoning: "skipped: optional tool 'translate' was not called" });
  });

  it('fails invalid arguments with the reason from the function', () => {
    const results = evaluate({
      rules: [{ criterionName: 'Args', expectedToolName: 'search_web', argumentChecks: (args) => ({ passed: args.limit === 10, reason: `limit was ${String(args.limit)}` }) }],
    }, { messageHistory: aiSdkHistory });
    expect(results[0]).toMatchObject({ score: false, reasoning: "Tool 'search_web' was called 1 time(s). Argument check failed for the first call: limit was 3." });
  });

  it('turns a throwing argumentChecks function into a failed check with the reason', () => {
    const results = evaluate({
      rules: [{ criterionName: 'Args', expectedToolName: 'search_web', argumentChecks: () => { throw new Error('kaboom'); } }],
    }, { messageHistory: aiSdkHistory });
    expect(results[0]?.score).toBe(false);
    expect(results[0]?.reasoning).toContain('argumentChecks threw: kaboom');
    expect(results[0]?.metadata?.argumentFailures).toEqual(['argumentChecks threw: kaboom']);
  });

  it('validates arguments against a JSON Schema and an expected subset', () => {
    const schemaRule = { criterionName: 'Schema', expectedToolName: 'search_web', argumentSchema: { type: 'object', required: ['query'], properties: { limit: { type: 'integer', maximum: 2 } } } };
    const subsetRule = { criterionName: 'Subset', expectedToolName: 'search_web', expectedArguments: { query: 'weather Paris' } };
    const okSubset = { criterionName: 'SubsetOk', expectedToolName: 'search_web', expectedArguments: { query: 'weather London' } };
    const results = evaluate({ rules: [schemaRule, subsetRule, okSubset] }, { messageHistory: aiSdkHistory });
    expect(byName(results, 'Schema').score).toBe(false);
    expect(byName(results, 'Schema').reasoning).toContain('/limit must be <= 2');
    expect(byName(results, 'Subset').reasoning).toContain('arguments.query: expected "weather Paris", got "weather London"');
    expect(byName(results, 'SubsetOk').score).toBe(true);
  });

  it('checks call counts and the first, all or any call', () => {
    const toolCalls: ToolCall[] = [
      { name: 'fetch', arguments: { url: 'https://a' } },
      { name: 'fetch', arguments: { url: 'http://b' } },
      { name: 'fetch', arguments: { url: 'https://c' } },
    ];
    const secure = (args: Record<string, unknown>) => String(args.url).startsWith('https://');
    const results = evaluate({
      rules: [
        { criterionName: 'First', expectedToolName: 'fetch', argumentChecks: secure },
        { criterionName: 'All', expectedToolName: 'fetch', argumentChecks: secure, checkCalls: 'all' },
        { criterionName: 'Any', expectedToolName: 'fetch', argumentChecks: secure, checkCalls: 'any' },
        { criterionName: 'AtMostTwo', expectedToolName: 'fetch', maxCalls: 2 },
        { criterionName: 'AtLeastThree', expectedToolName: 'fetch', minCalls: 3 },
        { criterionName: 'NeverDelete', expectedToolName: 'delete', maxCalls: 0 },
      ],
    }, { toolCalls });
    expect(results.map((r) => [r.criterionName, r.score])).toEqual([
      ['First', true], ['All', false], ['Any', true], ['AtMostTwo', false], ['AtLeastThree', true], ['NeverDelete', true],
    ]);
    expect(byName(results, 'All').reasoning).toBe("Tool 'fetch' was called 3 time(s). Argument check failed for 1 of 3 call(s): call 2: argumentChecks returned false.");
    expect(byName(results, 'AtMostTwo').reasoning).toBe("Tool 'fetch' was called 3 time(s). Expected at most 2 call(s). No argument check configured.");
  });

  it('reads calls from a context path', () => {
    const context = { trace: { tools: [{ name: 'search_web', arguments: '{"query":"London"}' }] } };
    const results = evaluate({ toolDataSource: 'context', contextPath: 'trace.tools', rules: [rules[0]!] }, { context, messageHistory: aiSdkHistory });
    expect(results[0]).toMatchObject({ score: true, metadata: { toolDataSource: 'context' } });
    const missing = evaluate({ toolDataSource: 'context', rules: [rules[0]!] }, { messageHistory: aiSdkHistory });
    expect(missing[0]).toMatchObject({ score: null, reasoning: 'skipped: no tool call data (context.toolCalls)' });
  });

  it('checks the order strictly or as a subsequence', () => {
    const toolCalls: ToolCall[] = ['plan', 'search', 'read', 'answer'].map((name) => ({ name }));
    const run = (expectedOrder: string[], orderMode: 'strict' | 'subsequence') => evaluate({ expectedOrder, orderMode, orderCriterionName: 'Order' }, { toolCalls })[0]!;
    expect(run(['plan', 'read', 'answer'], 'subsequence').score).toBe(true);
    expect(run(['read', 'search'], 'subsequence')).toMatchObject({ score: false, reasoning: "Expected order [read, search] not found in the tool calls [plan, search, read, answer]: no call of 'search' after 'read'." });
    expect(run(['plan', 'search', 'read', 'answer'], 'strict').score).toBe(true);
    expect(run(['plan', 'read', 'answer'], 'strict')).toMatchObject({ score: false, reasoning: "Tool calls [plan, search, read, answer] do not match the expected order [plan, read, answer] (strict): at position 2 expected 'read', got 'search'." });
    expect(run(['plan', 'search', 'read'], 'strict').reasoning).toContain("at position 4 expected no further call, got 'answer'");
  });

  it('reports precision, recall and F1 of called versus expected tools', () => {
    const toolCalls: ToolCall[] = ['search', 'search', 'calculator', 'weather'].map((name) => ({ name }));
    const results = evaluate({ expectedTools: ['search', 'weather', 'email'], toolSelectionCriterion: 'ToolSelection' }, { toolCalls });
    // called {search, calculator, weather}, expected {search, weather, email}: TP 2, P = 2/3, R = 2/3
    expect(results[0]?.score).toBeCloseTo(2 / 3);
    expect(results[0]?.metadata?.toolSelection).toMatchObject({ precision: 2 / 3, recall: 2 / 3, unexpectedTools: ['calculator'], missingTools: ['email'] });
    expect(results[0]?.reasoning).toBe('Called tools [search, calculator, weather]; expected [search, weather, email]. Precision 0.67, recall 0.67, F1 0.67. Unexpected: [calculator]. Missing: [email].');
  });

  it('derives the expected tools from the rules (forbidden tools excluded) and always puts the figures in metadata', () => {
    const results = evaluate({
      rules: [...rules, { criterionName: 'NoDelete', expectedToolName: 'delete', maxCalls: 0 }, { criterionName: 'Email', expectedToolName: 'email' }],
    }, { messageHistory: aiSdkHistory });
    expect(results[0]?.metadata?.toolSelection).toMatchObject({ expectedTools: ['search_web', 'finalize_task', 'email'], precision: 1, recall: 2 / 3, f1: 0.8 });
  });

  it('skips every criterion when there is no tool data at all', () => {
    const results = evaluate({ rules, expectedOrder: ['a'] }, {});
    expect(results.map((r) => [r.criterionName, r.score])).toEqual([['UsedSearchToolCorrectly', null], ['UsedRequiredFinalizeTool', null], ['ToolCallOrder', null]]);
  });

  it('rejects bad configs with every path', async () => {
    expect(() => toolUsage({ rules: [] })).toThrow(InvalidEvaluatorConfigError);
    const run = runEvaluation(input(), {
      evaluatorConfigs: [{
        type: 'ToolUsage',
        rules: [
          { criterionName: 'A', expectedToolName: 'x', argumentSchema: { type: 'no-such-type' } },
          { criterionName: 'B', expectedToolName: 'y', minCalls: 3, maxCalls: 1 },
        ],
        orderMode: 'loose',
      }],
    });
    const error = (await run.catch((e: unknown) => e)) as InvalidEvaluatorConfigError;
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      'evaluatorConfigs[0].orderMode',
      'evaluatorConfigs[0].rules[0].argumentSchema',
      'evaluatorConfigs[0].rules[1].minCalls',
    ]);
  });

  it('runs from a file-style config through runEvaluation and aggregates', async () => {
    const result = await runEvaluation(input({
      messageHistory: legacyHistory,
      criteria: [{ name: 'Search', description: 'searched', scale: 'binary' }, { name: 'Selection', description: 'f1', scale: 'numeric' }],
    }), {
      evaluatorConfigs: [{ type: 'ToolUsage', rules: [{ criterionName: 'Search', expectedToolName: 'search_web', isRequired: true, expectedArguments: { limit: 3 } }], expectedTools: ['search_web'], toolSelectionCriterion: 'Selection' }],
    });
    expect(result.results.map((r) => [r.criterionName, r.normalizedScore])).toEqual([['Search', 1], ['Selection', 2 / 3]]);
    expect(result.overallScore).toBeCloseTo((1 + 2 / 3) / 2);
  });
});
