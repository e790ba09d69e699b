/**
 * Generates the 1,000-case deterministic offline suite the CLI benchmark runs: tests.json v2 cases
 * graded by a hybrid of exact_match, regex_match and json_schema, plus suite scorers for "contains"
 * (RuleBased includes) and levenshtein, against recorded outputs (outputs.jsonl), about 10% wrong.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes the suite and its recorded outputs into `dir`; returns the suite file path. */
export function writeOfflineSuite(dir: string, count = 1000): string {
  mkdirSync(dir, { recursive: true });
  const testCases = [];
  const outputs = [];
  for (let i = 0; i < count; i += 1) {
    const id = `case-${String(i + 1).padStart(4, '0')}`;
    const a = i % 97;
    const b = (i * 7) % 89;
    const answer = JSON.stringify({ sum: a + b, expression: `${a} + ${b}` });
    testCases.push({
      id,
      name: `Addition ${a} + ${b}`,
      tags: [i % 2 === 0 ? 'even' : 'odd'],
      input: { prompt: `Add ${a} and ${b}; answer as JSON` },
      expected: {
        output: answer,
        patterns: ['"sum":\\s*\\d+', `"expression":\\s*"${a} \\+ ${b}"`],
        jsonSchema: { type: 'object', required: ['sum', 'expression'], properties: { sum: { type: 'number' }, expression: { type: 'string' } } },
      },
      evaluation: { strategy: 'hybrid', weights: { exact_match: 0.4, regex_match: 0.3, json_schema: 0.3 } },
    });
    const wrong = i % 10 === 9;
    outputs.push(JSON.stringify({ id, output: wrong ? JSON.stringify({ sum: a + b + 1, expression: `${a} + ${b}` }) : answer }));
  }
  const suite = {
    version: '2.0',
    profile: 'deterministic',
    settings: { maxConcurrentTests: 4 },
    target: { outputs: './outputs.jsonl' },
    testCases,
    suites: [{
      name: 'arithmetic',
      scorers: [
        { name: 'contains', scorer: 'RuleBased', settings: { rules: [{ criterionName: 'contains', type: 'includes', value: '"sum"' }] } },
        { name: 'levenshtein', scorer: 'levenshtein', settings: { threshold: 0.8 } },
      ],
    }],
  };
  const file = path.join(dir, 'tests.json');
  writeFileSync(file, `${JSON.stringify(suite, null, 2)}\n`);
  writeFileSync(path.join(dir, 'outputs.jsonl'), `${outputs.join('\n')}\n`);
  return file;
}
