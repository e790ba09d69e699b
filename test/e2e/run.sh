#!/usr/bin/env bash
# End-to-end test of the path from the processor to Grafana: a real collector (built from
# collector-config/builder-config.yaml) and a real Prometheus on loopback, the demo agent with a mock model
# exporting OTLP/HTTP, then checks 1-6 of the Grafana issue. Every process it starts is stopped on exit.
#
#   npm run test:e2e         (KEEP_E2E=1 keeps the working directory with all logs)
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
export PATH="$root/node_modules/.bin:$PATH"
work="$(mktemp -d "${TMPDIR:-/tmp}/otel-evals-e2e.XXXXXX")"
started=$(date +%s)
pids=()

log() { echo "[e2e +$(( $(date +%s) - started ))s] $*"; }

cleanup() {
  local code=$?
  # Each background process leads its own process group (setsid): stop the group, then reap it.
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$code" -ne 0 ]; then
    for f in "$work"/*.log; do [ -f "$f" ] && { echo "----- $(basename "$f") (last 20 lines)"; tail -n 20 "$f"; }; done
    echo "e2e: FAILED after $(( $(date +%s) - started ))s; logs in $work"
  else
    [ -n "${KEEP_E2E:-}" ] && echo "e2e: logs in $work" || rm -rf "$work"
    echo "e2e: passed in $(( $(date +%s) - started ))s"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Starts "$@" in the background as its own process group, output to $work/<name>.log; sets $last_pid.
start() {
  local name=$1; shift
  setsid "$@" >"$work/$name.log" 2>&1 &
  last_pid=$!
  pids+=("$last_pid")
}

free_port() { node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

wait_http() { # url seconds
  for _ in $(seq 1 $(( $2 * 4 ))); do curl -sf -o /dev/null "$1" && return 0; sleep 0.25; done
  echo "e2e: $1 did not answer within $2s" >&2; return 1
}

# ---- tools: the collector distribution and Prometheus ----------------------------------------------
log "collector: building or reusing the cached distribution"
otelcol="$(collector-config/build-collector.sh)"
if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then
  log "installing Debian's prometheus package"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
log "$("$otelcol" --version); $(prometheus --version 2>&1 | head -n 1)"

for config in $(find collector-config -name '*.yaml' ! -name builder-config.yaml | sort); do
  "$otelcol" validate --config "$config" || { echo "e2e: $config does not validate"; exit 1; }
done
log "ok: every collector-config/*.yaml passes otelcol validate"

# ---- 5. rule files and promtool unit tests ------------------------------------------------------------
tsx test/e2e/write-test-rules.ts "$work/rules-e2e.yaml"
promtool check rules grafana/alerts/otel-evals.rules.yaml "$work/rules-e2e.yaml"
promtool test rules grafana/alerts/tests/*.test.yaml
log "ok 5: promtool check rules and promtool test rules"

# ---- start the stack on loopback ---------------------------------------------------------------------
export E2E_OUT="$work/out"
mkdir -p "$E2E_OUT"
grpc=$(free_port); http=$(free_port); exporter=$(free_port); self=$(free_port); prom=$(free_port)
d_grpc=$(free_port); d_http=$(free_port); d_exporter=$(free_port); d_self=$(free_port)

OTELCOL_LISTEN_HOST=127.0.0.1 OTELCOL_OTLP_GRPC_PORT=$d_grpc OTELCOL_OTLP_HTTP_PORT=$d_http \
  OTELCOL_PROMETHEUS_ENDPOINT=127.0.0.1:$d_exporter OTELCOL_SELF_METRICS_PORT=$d_self \
  start otelcol-derived "$otelcol" --config collector-config/otelcol-derived-metrics.yaml --config test/e2e/otelcol-derived-e2e.yaml
OTELCOL_LISTEN_HOST=127.0.0.1 OTELCOL_OTLP_GRPC_PORT=$grpc OTELCOL_OTLP_HTTP_PORT=$http \
  OTELCOL_PROMETHEUS_ENDPOINT=127.0.0.1:$exporter OTELCOL_SELF_METRICS_PORT=$self E2E_DERIVED_OTLP_ENDPOINT=127.0.0.1:$d_grpc \
  start otelcol "$otelcol" --config collector-config/otelcol.yaml --config test/e2e/otelcol-e2e.yaml

cat >"$work/prometheus.yaml" <<YAML
global:
  scrape_interval: 2s
  evaluation_interval: 2s
rule_files:
  - $work/rules-e2e.yaml
scrape_configs:
  # honor_labels keeps the job (service.name) and instance (service.instance.id) labels the collector sets.
  - job_name: otelcol
    honor_labels: true
    static_configs:
      - targets: ['127.0.0.1:$exporter']
YAML
start prometheus prometheus --config.file="$work/prometheus.yaml" --storage.tsdb.path="$work/prometheus-data" \
  --web.listen-address="127.0.0.1:$prom" --log.level=warn
export PROMETHEUS_URL="http://127.0.0.1:$prom"
wait_http "http://127.0.0.1:$self/metrics" 30
wait_http "http://127.0.0.1:$d_self/metrics" 30
wait_http "$PROMETHEUS_URL/-/ready" 30
log "collector (OTLP 127.0.0.1:$grpc/$http), derived-metrics collector and Prometheus (127.0.0.1:$prom) are up"

demo_env=(env OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$http" OTEL_SERVICE_NAME=otel-evals-demo)

# ---- baseline phase ----------------------------------------------------------------------------------
log "demo: baseline model"
start demo-baseline "${demo_env[@]}" OTEL_RESOURCE_ATTRIBUTES=service.instance.id=e2e-baseline \
  OTEL_EVALS_DEMO_MODE=baseline OTEL_EVALS_DEMO_ROUNDS="${E2E_BASELINE_ROUNDS:-45}" OTEL_EVALS_DEMO_INTERVAL_MS=1000 \
  tsx examples/agent-with-evaluations.ts
wait "$last_pid" || { echo "e2e: the baseline demo failed"; exit 1; }
sleep 6 # last metric export, scrape and rule evaluation

# ---- 1, 2: traces and logs the collector received --------------------------------------------------------
tsx test/e2e/check-telemetry-files.ts "$E2E_OUT"
tsx test/e2e/check-derived-metrics.ts "http://127.0.0.1:$d_exporter/metrics" "$E2E_OUT"
tsx test/e2e/wait-for-regression.ts silent

# ---- 6: live regression ----------------------------------------------------------------------------------
log "demo: degraded model"
start demo-degraded "${demo_env[@]}" OTEL_RESOURCE_ATTRIBUTES=service.instance.id=e2e-degraded \
  OTEL_EVALS_DEMO_MODE=degraded OTEL_EVALS_DEMO_ROUNDS=90 OTEL_EVALS_DEMO_INTERVAL_MS=1000 \
  tsx examples/agent-with-evaluations.ts
degraded=$last_pid
tsx test/e2e/wait-for-regression.ts fires 150

# ---- 3, 4: metric names and every dashboard and alert query, while the degraded demo still runs ------
tsx test/e2e/check-prometheus.ts
kill -0 "$degraded" 2>/dev/null || { echo "e2e: the degraded demo ended early"; cat "$work/demo-degraded.log"; exit 1; }
log "all checks passed"
