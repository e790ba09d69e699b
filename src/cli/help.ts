/** Help texts of the CLI: one per command, complete (every option, exit codes, examples). */

/** Command names. */
export const COMMANDS = ['run', 'validate', 'migrate', 'runs', 'report'];

const EXIT_CODES = `Exit codes:
  0  passed: every quality gate held
  1  quality gate failed (a suite below its threshold, --fail-under, --fail-on-regression)
  2  usage or configuration error (the message names the file, the key path and the fix)
  3  runtime failure (target, setup or teardown script, run store, interrupted run)
`;

const MAIN = `otel-evals: evaluate AI agents offline with the same evaluators as the online span processor.

Usage: otel-evals <command> [options]

Commands:
  run <file>                   run the suites of a tests.json / suite YAML file (or a directory's
                               eval/tests.json or tests.json) and gate on the results
  validate <file>              check a suite file (schema, references, evaluator settings) without running
  migrate <file>               convert a tests.json v1 file to v2
  runs list|show|compare       list stored runs, show one, compare two
  report <run>                 render a stored run as table, json, junit, markdown or html

Options:
  -h, --help                   show help (also: otel-evals <command> --help)
  -v, --version                print the version

Environment:
  OTEL_EVALS_DB                run store path (default ./.otel-evals/runs.db)
  OTEL_EVALS_AGENT_VERSION     agent version recorded with runs
  OTEL_EXPORTER_OTLP_ENDPOINT  when set, each case is traced and its evaluation emitted over OTLP

${EXIT_CODES}
Docs: docs/offline.md
`;

const RUN = `Usage: otel-evals run <file> [options]

Runs every suite of <file> (tests.json v1/v2 or YAML; v1 is migrated on the fly; a directory stands for
its eval/tests.json or tests.json), stores the run in the run store, prints or writes the report, and
exits with a quality-gate verdict. An interrupted run of the same selection and agent version resumes
where it stopped.

Selection:
  --suite <name>               run only this suite (repeatable)
  --ids <id,id,...>            run only these case ids
  --tags <tag,tag,...>         run only cases having any of these tags
  --category <name>            run only cases of this category

Execution:
  --target <spec>              override the file's target: ./agent.mjs[#export], http(s)://url,
                               outputs:./outputs.jsonl (or any .jsonl), traces:./traces.json
  --concurrency <n>            cases in flight (default: suite concurrency, settings.maxConcurrentTests, 4)
  --timeout <ms>               timeout of each case without its own evaluation.timeout
                               (default: settings.defaultTimeout, 30000)
  --fail-fast                  stop starting cases after the first failure (settings.failFast)
  --agent-version <v>          version recorded with the run (default: file agentVersion, env, or a
                               hash of the target module / outputs / traces file)
  --db <path>                  run store (default ./.otel-evals/runs.db; env OTEL_EVALS_DB)
  --no-store                   keep nothing (no resume, no baseline by run id)
  --no-resume                  start a new run even if an interrupted one exists

Reports:
  --format <f>                 table (default), json, junit, markdown, html: for stdout, and for --output
                               files whose extension names no format
  --output <file>              write the report to a file (repeatable); the format follows the extension:
                               .json json, .xml junit, .md markdown, .html html, .txt table
  --quiet                      no progress and no summary on stderr

Quality gate:
  --fail-under <rate>          fail when the share of passed cases is below rate (0..1, or a percentage)
  --baseline <run|file.json>   compare with a stored run (id or unique id prefix), a JSON report, or
                               "latest": the newest succeeded run of this suite file (none yet: the run
                               is not compared, so a first CI run with an empty store still gates)
  --fail-on-regression         fail when the comparison finds a significant regression (needs --baseline)
  --regression-margin <d>      tolerated drop of a criterion's mean score before it counts as a regression
                               (default 0: any significant drop)
  --confidence <c>             confidence level of the comparison intervals (default 0.95)
  --min-pairs <n>              fewest paired cases a criterion needs for a verdict (default 10)

${EXIT_CODES}
Examples:
  otel-evals run eval/tests.json
  otel-evals run suites.yaml --suite smoke --tags happy-path --concurrency 8
  otel-evals run eval/tests.json --target outputs:./outputs.jsonl --output junit.xml --output report.html
  otel-evals run eval/tests.json --baseline latest --fail-on-regression --fail-under 0.9
`;

const VALIDATE = `Usage: otel-evals validate <file> [--target <spec>] [--suite <name>]

Loads <file> (a directory: its eval/tests.json or tests.json), validates it against the tests.json v2 schema (v1 files are migrated first), checks
references (suite test ids, eval sets, duplicate ids), the expectations each strategy needs, and every
evaluator's settings through the evaluator registry. Prints every problem with its key path and fix.
A file without a target is valid here (a v1 file never has one): give --target when running it.

Options:
  --target <spec>              check with this target instead of the file's
  --suite <name>               check only this suite (repeatable)

${EXIT_CODES}`;

const MIGRATE = `Usage: otel-evals migrate <file> [--output <file> | --in-place]

Converts a tests.json v1 file (name, input, expectedOutput, expectedPatterns, timeout) to v2: ids
tc-001..., input.prompt, expected.output / expected.patterns, strategy exact_match, regex_match or a
50/50 hybrid of both, evaluation.timeout when the case set one. Writes JSON or YAML like the input.
A v2 file is left as is. <file> may be a directory: its eval/tests.json or tests.json.

Options:
  --output <file>              write the v2 file here (default: stdout)
  --in-place                   overwrite <file>

${EXIT_CODES}`;

const RUNS = `Usage: otel-evals runs <list|show|compare> [options]

  runs list [--limit <n>] [--json]           stored runs, newest first: id, status, cases done, agent version
  runs show <run> [--format <f>]             one run's report (table by default); <run> is an id, a unique
                                             id prefix, or "latest"
  runs compare <baseline> <current> [--fail-on-regression] [--format table|json|markdown]
                                             per-criterion comparison: mean difference with a paired bootstrap
                                             interval, pass rates with Wilson intervals, verdicts

Options:
  --db <path>                  run store (default ./.otel-evals/runs.db; env OTEL_EVALS_DB)
  --regression-margin <d>      compare: tolerated drop of a criterion's mean score (default 0)
  --confidence <c>             compare: confidence level of the intervals (default 0.95)
  --min-pairs <n>              compare: fewest paired cases for a verdict (default 10)

${EXIT_CODES}`;

const REPORT = `Usage: otel-evals report <run> [--format <f>] [--output <file>]

Renders a stored run (id, unique id prefix, or "latest") as table, json, junit, markdown or html. An
interrupted run is rendered from the cases it completed.

Options:
  --format <f>                 table (default), json, junit, markdown, html
  --output <file>              write to a file (format from the extension unless --format is given)
  --db <path>                  run store (default ./.otel-evals/runs.db; env OTEL_EVALS_DB)

${EXIT_CODES}`;

const HELP: Record<string, string> = { run: RUN, validate: VALIDATE, migrate: MIGRATE, runs: RUNS, report: REPORT };

/** The top-level help. */
export function mainHelp(): string {
  return MAIN;
}

/** A command's help. */
export function helpFor(command: string): string {
  return HELP[command] ?? MAIN;
}
