/**
 * Rule matching on the cheap span classification plus the span's name and attributes. Matchers are
 * compiled once at construction, so testing a span is a few comparisons and allocates nothing.
 */
import type { SpanClassification, SpanLike, SpanRole } from '../extract/types.ts';
import type { AttributeMatcher, RuleMatch, StringMatcher } from './types.ts';

/** A compiled string condition. */
type StringTest = (value: string | undefined) => boolean;

/** A compiled rule match. */
export interface CompiledMatch {
  /** Whether the span (with its classification, `undefined` for spans of no known dialect) matches. */
  test(span: SpanLike, classification: SpanClassification | undefined): boolean;
  /** Whether the rule may select agent (or step, chain) spans, so descendants must be buffered for it. */
  readonly targetsAgents: boolean;
}

/** Operation names of spans with descendants (agent roots, steps, chains) across the dialects we read. */
export const AGENT_OPERATIONS: ReadonlySet<string> = new Set([
  'invoke_agent', 'invoke_workflow', 'create_agent', 'agent_step', 'ai.generateText', 'ai.streamText', 'ai.generateObject', 'ai.streamObject',
  'agent', 'workflow', 'AGENT', 'CHAIN',
]);
/** Roles of spans whose descendants make up their input. */
export const PARENT_ROLES: ReadonlySet<SpanRole> = new Set<SpanRole>(['agent', 'step', 'chain']);

const GLOB_CHARS = /[*?]/;

/** Turns a glob (`*` any run, `?` one character) into an anchored RegExp. */
export function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 's');
}

/** Compiles a string condition: exact string, glob, RegExp or a list of those. */
export function compileStringMatcher(matcher: StringMatcher): StringTest {
  if (typeof matcher === 'string') {
    if (GLOB_CHARS.test(matcher)) return compileRegExp(globToRegExp(matcher));
    return (value) => value === matcher;
  }
  if (matcher instanceof RegExp) return compileRegExp(matcher);
  const tests = matcher.map((item) => compileStringMatcher(item));
  return (value) => {
    for (const test of tests) if (test(value)) return true;
    return false;
  };
}

function compileRegExp(pattern: RegExp): StringTest {
  // Stateless copy: `g` and `y` would make test() depend on lastIndex.
  const regexp = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return (value) => value !== undefined && regexp.test(value);
}

function compileAttributeMatcher(matcher: AttributeMatcher): (value: unknown) => boolean {
  if (typeof matcher !== 'function') return (value) => value === matcher;
  return (value) => {
    try {
      return matcher(value) === true;
    } catch {
      return false;
    }
  };
}

function toList<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

/** Whether a rule with this match may select agent, step or chain spans (conservative: unknown means yes). */
export function matchTargetsAgents(match: RuleMatch, operationTest: StringTest | undefined): boolean {
  if (match.role !== undefined) return toList(match.role).some((role) => PARENT_ROLES.has(role));
  if (match.toolName !== undefined) return false;
  if (operationTest === undefined) return true;
  for (const operation of AGENT_OPERATIONS) if (operationTest(operation)) return true;
  return false;
}

/**
 * Compiles a rule's match. Spans of role `step` (AI SDK `agent_step`) match only when the rule names
 * them through `role` or `operation`; spans of no known dialect match only rules that select by span
 * name or attributes alone.
 */
export function compileMatch(match: RuleMatch = {}): CompiledMatch {
  const operation = match.operation === undefined ? undefined : compileStringMatcher(match.operation);
  const spanName = match.spanName === undefined ? undefined : compileStringMatcher(match.spanName);
  const agentName = match.agentName === undefined ? undefined : compileStringMatcher(match.agentName);
  const model = match.model === undefined ? undefined : compileStringMatcher(match.model);
  const provider = match.provider === undefined ? undefined : compileStringMatcher(match.provider);
  const toolName = match.toolName === undefined ? undefined : compileStringMatcher(match.toolName);
  const dialects = match.dialect === undefined ? undefined : new Set<string>(toList(match.dialect));
  const roles = match.role === undefined ? undefined : new Set<SpanRole>(toList(match.role));
  const attributes = Object.entries(match.attributes ?? {}).map(([key, matcher]) => [key, compileAttributeMatcher(matcher)] as const);
  const needsClassification = operation !== undefined || agentName !== undefined || model !== undefined || provider !== undefined
    || toolName !== undefined || dialects !== undefined || roles !== undefined;
  const bySpanOnly = spanName !== undefined || attributes.length > 0;
  const namesSteps = (roles?.has('step') ?? false) || operation !== undefined;

  const test = (span: SpanLike, c: SpanClassification | undefined): boolean => {
    if (c === undefined) {
      if (needsClassification || !bySpanOnly) return false;
    } else {
      if (c.role === 'step' && !namesSteps) return false;
      if (roles !== undefined && !roles.has(c.role)) return false;
      if (dialects !== undefined && !dialects.has(c.dialect)) return false;
      // The normalized GenAI name (`invoke_agent`) or the dialect's own (`ai.generateText`, `AGENT`).
      if (operation !== undefined && !operation(c.operation) && !(c.nativeOperation !== undefined && operation(c.nativeOperation))) return false;
      if (agentName !== undefined && !agentName(c.agentName)) return false;
      if (model !== undefined && !model(c.model)) return false;
      if (provider !== undefined && !provider(c.provider)) return false;
      if (toolName !== undefined && !toolName(c.toolName)) return false;
    }
    if (spanName !== undefined && !spanName(span.name)) return false;
    for (const [key, matches] of attributes) if (!matches(span.attributes[key])) return false;
    return true;
  };
  return { test, targetsAgents: matchTargetsAgents(match, operation) };
}
