/**
 * User-supplied regular expressions: compiled once, validated with a message and a fix that name the
 * pattern, and stripped of the stateful `g` and `y` flags so `test` gives the same answer every call.
 */

/** Compiles a pattern with its flags (`g` and `y` dropped); throws a SyntaxError when invalid. */
export function compilePattern(pattern: string, flags = ''): RegExp {
  return new RegExp(pattern, flags.replace(/[gy]/g, ''));
}

/** What is wrong with a pattern or its flags, as a config issue; `key` says which of the two. */
export interface PatternProblem {
  key: 'pattern' | 'flags';
  message: string;
  fix: string;
}

function failure(compile: () => unknown): string | undefined {
  try {
    compile();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Why a pattern or its flags are invalid; undefined when both are valid. */
export function patternProblem(pattern: string, flags = ''): PatternProblem | undefined {
  const badFlags = failure(() => compilePattern('', flags));
  if (badFlags !== undefined) {
    return { key: 'flags', message: `invalid regular expression flags "${flags}": ${badFlags}`, fix: 'use each of the flags d, i, m, s, u, v at most once (g and y are ignored)' };
  }
  const detail = failure(() => compilePattern(pattern, flags));
  if (detail === undefined) return undefined;
  return {
    key: 'pattern',
    message: `invalid regular expression "${pattern}": ${detail.slice(detail.lastIndexOf(': ') + 2) || detail}`,
    fix: 'escape characters meant literally with a backslash (\\( matches "(") and balance groups and brackets',
  };
}
