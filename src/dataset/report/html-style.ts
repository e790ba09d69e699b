/**
 * The HTML report's inline stylesheet (the report loads nothing from outside).
 */

/** CSS of the HTML report. */
export const REPORT_CSS = `
:root { --ok: #1a7f37; --bad: #cf222e; --near: #bf8700; --muted: #57606a; --line: #d0d7de; --bg: #f6f8fa; --fg: #1f2328; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); background: #fff; }
header { padding: 20px 32px; background: var(--fg); color: #fff; }
header h1 { margin: 0 0 4px; font-size: 22px; }
header .meta { color: #d0d7de; font-size: 13px; overflow-wrap: anywhere; }
nav { padding: 8px 32px; border-bottom: 1px solid var(--line); background: var(--bg); position: sticky; top: 0; }
nav a { margin-right: 16px; color: #0969da; text-decoration: none; }
main { padding: 8px 32px 48px; max-width: 1280px; }
section { margin-top: 28px; }
h2 { font-size: 18px; border-bottom: 1px solid var(--line); padding-bottom: 6px; }
h3 { font-size: 15px; margin: 18px 0 8px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { flex: 1 1 160px; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; background: var(--bg); }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.card .value { font-size: 26px; font-weight: 600; }
.card.pass .value, .ok-text { color: var(--ok); }
.card.fail .value, .bad-text { color: var(--bad); }
table { border-collapse: collapse; margin: 8px 0; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.text { overflow-wrap: anywhere; max-width: 520px; }
.badge { display: inline-block; min-width: 58px; text-align: center; border-radius: 10px; padding: 0 8px; font-size: 12px; font-weight: 600; color: #fff; }
.badge.passed, .badge.improved, .badge.met { background: var(--ok); }
.badge.failed, .badge.error, .badge.regressed, .badge.missed { background: var(--bad); }
.badge.near, .badge.insufficient_data { background: var(--near); }
.badge.skipped, .badge.unchanged { background: var(--muted); }
details { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; }
details > summary { cursor: pointer; padding: 6px 10px; display: flex; gap: 10px; align-items: baseline; }
details > summary .case-name { flex: 1; overflow-wrap: anywhere; }
details > summary .muted { white-space: nowrap; }
details[open] > summary { border-bottom: 1px solid var(--line); background: var(--bg); }
details .body { padding: 8px 14px; }
.pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
@media (max-width: 760px) { .pair { grid-template-columns: minmax(0, 1fr); } }
pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 360px; overflow: auto; margin: 4px 0 10px; }
.muted { color: var(--muted); }
.failure { border-left: 4px solid var(--bad); padding: 4px 12px; margin: 10px 0; background: #fff8f8; }
.failure h3 { margin: 0 0 4px; overflow-wrap: anywhere; }
.chart { max-width: 100%; height: auto; display: block; margin: 8px 0; }
.chart .label, .chart .value, .chart .axis { font-size: 12px; fill: var(--fg); }
.chart .axis { fill: var(--muted); font-size: 11px; }
.chart .count { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
.chart .track { fill: #eaeef2; }
.chart .bar { fill: #0969da; }
.chart .bar.ok { fill: var(--ok); }
.chart .bar.bad { fill: var(--bad); }
.chart .bar.near { fill: var(--near); }
.chart .target { stroke: var(--fg); stroke-width: 3; }
.chart .threshold { stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 5 4; }
.chart .zero { stroke: var(--fg); stroke-width: 1; }
.chart .axis-line, .chart .tick { stroke: var(--muted); }
.chart line.ci { stroke-width: 3; stroke: var(--muted); }
.chart circle.ci { fill: var(--muted); }
.chart .ci.regressed { stroke: var(--bad); fill: var(--bad); }
.chart .ci.improved { stroke: var(--ok); fill: var(--ok); }
.chart .ci.insufficient_data { stroke: var(--near); fill: var(--near); }
`;
