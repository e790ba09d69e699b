/** Entry of the `otel-evals` bin: runs the CLI on the process arguments and sets the exit code. */
import { setFlagsFromString } from 'node:v8';
import { cli } from './cli.ts';

// A CLI run is short: the optimizing compilers cost more memory than they save time, and a young
// generation held at its initial size keeps the peak low (a 1,000-case run: about 88 MiB instead of
// 105, and less CPU). OTEL_EVALS_V8_DEFAULTS=1 keeps V8's defaults.
if (!process.env.OTEL_EVALS_V8_DEFAULTS) setFlagsFromString('--semi-space-growth-factor=1 --no-opt --no-maglev');

process.exitCode = await cli(process.argv.slice(2));
