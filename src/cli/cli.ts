/**
 * The `otel-evals` command dispatcher: reads the command name, loads that command's module on demand
 * (nothing else is imported at startup) and maps errors to exit codes.
 */
import { EXIT_RUNTIME, EXIT_USAGE, UsageError, exitCodeFor } from './exit-codes.ts';
import { COMMANDS, helpFor, mainHelp } from './help.ts';

type CommandModule = { main: (args: string[]) => Promise<number> };

const loaders: Record<string, () => Promise<CommandModule>> = {
  run: () => import('./commands/run.ts'),
  validate: () => import('./commands/validate.ts'),
  migrate: () => import('./commands/migrate.ts'),
  runs: () => import('./commands/runs.ts'),
  report: () => import('./commands/report.ts'),
};

/** Runs the CLI with the given arguments; resolves to the exit code. */
export async function cli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    const topic = command === 'help' ? rest[0] : undefined;
    process.stdout.write(topic && COMMANDS.includes(topic) ? helpFor(topic) : mainHelp());
    return 0;
  }
  if (command === '--version' || command === '-v') {
    const { createRequire } = await import('node:module');
    process.stdout.write(`${(createRequire(import.meta.url)('../../package.json') as { version: string }).version}\n`);
    return 0;
  }
  const load = loaders[command];
  if (!load) {
    process.stderr.write(`otel-evals: unknown command "${command}"\n\n${mainHelp()}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(helpFor(command));
    return 0;
  }
  try {
    return await (await load()).main(rest);
  } catch (error) {
    const code = exitCodeFor(error);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`otel-evals ${command}: ${message}\n`);
    if (error instanceof UsageError || (code === EXIT_USAGE && !(error instanceof Error && 'issues' in error))) process.stderr.write(`Run "otel-evals ${command} --help" for usage.\n`);
    if (code === EXIT_RUNTIME && process.env.OTEL_EVALS_DEBUG && error instanceof Error) process.stderr.write(`${error.stack ?? ''}\n`);
    return code;
  }
}

