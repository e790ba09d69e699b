import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('examples/llm-judge.ts', () => {
  it('runs against the mock models without OPENAI_API_KEY: rubric, failure analysis, reference and similarity', async () => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/llm-judge.ts'], { cwd: root, env, timeout: 60_000 });
    expect(stdout).toContain('judge: mock (set OPENAI_API_KEY for a real model)');
    expect(stdout).toMatch(/^completeness\s+4\s+pass\s+105\+15 tokens$/m);
    // The wrong growth figure fails accuracy; the failure analysis call adds its root cause and tokens.
    expect(stdout).toMatch(/^accuracy\s+2\s+fail\s+525\+75 tokens$/m);
    expect(stdout).toContain('Root cause: The growth figure was not taken from the data given (21% instead of 12.5%).');
    expect(stdout).toMatch(/^correctness\s+2\s+fail\s+420\+60 tokens$/m);
    expect(stdout).toMatch(/^semantic_similarity\s+0\.83\d+\s+pass/m);
    expect(stdout).toContain('overall 0.598 passed=false');
    // The e-mail address in the response was redacted before it reached the judge.
    expect(stdout).toContain('redactions before the judge: {"email":1}');
  }, 90_000);
});
