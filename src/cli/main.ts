/** Entry of the `otel-evals` bin: runs the CLI on the process arguments and sets the exit code. */
import { cli } from './cli.ts';

process.exitCode = await cli(process.argv.slice(2));
