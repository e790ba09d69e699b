import type { z } from 'zod';
import type { ConfigIssue } from './errors.ts';

/** Renders a key path as `a.b[0].c` under a prefix. */
export function formatKeyPath(prefix: string, keys: readonly PropertyKey[], renameFirst?: (key: string) => string): string {
  let out = prefix;
  keys.forEach((key, index) => {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const name = index === 0 && renameFirst ? renameFirst(String(key)) : String(key);
      out += out === '' ? name : `.${name}`;
    }
  });
  return out;
}

/**
 * Turns zod issues into config issues with full key paths and a fix. A custom issue may carry its own
 * fix in `params.fix`.
 */
export function zodIssuesToConfigIssues(issues: readonly z.core.$ZodIssue[], prefix: string, renameFirst?: (key: string) => string): ConfigIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatKeyPath(prefix, [...issue.path, key], renameFirst),
        message: 'is not a known option',
        fix: 'remove it or check its spelling',
      }));
    }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      const nested = best.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
      if (nested.length > 0) return zodIssuesToConfigIssues(nested, prefix, renameFirst);
    }
    return [{ path: formatKeyPath(prefix, issue.path, renameFirst), message: issue.message, fix: fixFor(issue) }];
  });
}

function fixFor(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `set it to a value of type ${issue.expected}`;
    case 'invalid_value':
      return `use one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `use a value of at least ${String(issue.minimum)}`;
    case 'too_big':
      return `use a value of at most ${String(issue.maximum)}`;
    case 'custom': {
      const fix = (issue.params as { fix?: unknown } | undefined)?.fix;
      return typeof fix === 'string' ? fix : undefined;
    }
    default:
      return undefined;
  }
}
