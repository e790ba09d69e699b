/** Help completeness: every option a command parses is in its help text and in docs/offline.md's CLI synopsis. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, helpFor, mainHelp } from '../../src/cli/help.ts';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/offline.md'), 'utf8');
const SYNOPSIS = /## CLI\n+```\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';

/** The spellings of an option: `--name`, or `--no-name` for a switch that is on by default. */
function spelling(name: string, spec: { type: string; default?: unknown }): string {
  return spec.type === 'boolean' && spec.default === true ? `--no-${name}` : `--${name}`;
}

describe('help', () => {
  it.each(COMMANDS)('%s: every option is in the help and in the docs synopsis', async (command) => {
    const { OPTIONS } = (await import(`../../src/cli/commands/${command}.ts`)) as { OPTIONS: Record<string, { type: string; default?: unknown }> };
    const names = Object.entries(OPTIONS).map(([name, spec]) => spelling(name, spec));
    expect(names.length).toBeGreaterThan(0);
    const help = helpFor(command);
    const synopsis = SYNOPSIS.split(/\n(?=otel-evals )/).filter((block) => block.startsWith(`otel-evals ${command} `)).join('\n');
    expect(synopsis, `docs/offline.md synopsis of ${command}`).not.toBe('');
    for (const name of names) {
      expect(help, `${command} --help`).toContain(name);
      expect(synopsis, `docs/offline.md synopsis of ${command}`).toContain(name);
    }
  });

  it('the main help names every command', () => {
    for (const command of COMMANDS) expect(mainHelp()).toMatch(new RegExp(`^  ${command} `, 'm'));
  });
});
