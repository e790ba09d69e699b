#!/usr/bin/env bash
# Builds the otel-evals collector distribution from builder-config.yaml with the machine's Go toolchain
# and the Go module proxy, and prints the binary's path on stdout (progress goes to stderr).
#
# The binary is cached under ${OTEL_EVALS_CACHE_DIR:-~/.cache/otel-evals}/otelcol-<hash>/, where <hash> is
# derived from the manifest and the builder version, so a later run with the same manifest reuses it and a
# changed manifest builds a new one. Concurrent runs wait for each other (flock).
set -euo pipefail

OCB_VERSION="v0.158.0"
here="$(cd "$(dirname "$0")" && pwd)"
manifest="$here/builder-config.yaml"
# Checksums of every module the distribution needs, so the build verifies downloads against this file
# (and does not depend on the checksum database answering for each module). Refresh it after changing the
# manifest: GONOSUMDB=... once, then copy the go.sum the builder leaves in its output directory.
gosum="$here/otelcol-go.sum"
cache_root="${OTEL_EVALS_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/otel-evals}"

# Go may be installed where a minimal PATH does not look (the official tarball's /usr/local/go).
if ! command -v go >/dev/null; then
  for dir in /usr/local/go/bin "$HOME/go/bin" /usr/lib/go/bin; do
    if [ -x "$dir/go" ]; then export PATH="$dir:$PATH"; break; fi
  done
fi
command -v go >/dev/null || { echo "build-collector: Go is required (https://go.dev/dl/); none found on PATH or in /usr/local/go/bin" >&2; exit 1; }

hash="$( (cat "$manifest" "$gosum"; echo "ocb=$OCB_VERSION") | sha256sum | cut -c1-16)"
dir="$cache_root/otelcol-$hash"
binary="$dir/otelcol-evals"

if [ -x "$binary" ]; then
  echo "build-collector: reusing $binary" >&2
  echo "$binary"
  exit 0
fi

mkdir -p "$cache_root"
exec 9>"$cache_root/.build-$hash.lock"
flock 9
if [ -x "$binary" ]; then # another run built it while we waited
  echo "$binary"
  exit 0
fi

work="$(mktemp -d "$cache_root/.work-$hash.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "build-collector: installing the collector builder $OCB_VERSION" >&2
GOBIN="$cache_root/ocb-$OCB_VERSION" go install "go.opentelemetry.io/collector/cmd/builder@$OCB_VERSION" >&2

# Same manifest, but built inside the scratch directory.
sed "s#^\(  output_path:\).*#\1 $work/dist#" "$manifest" >"$work/builder-config.yaml"
mkdir -p "$work/dist"
cp "$gosum" "$work/dist/go.sum"

echo "build-collector: building (several minutes on a cold Go cache)" >&2
start=$(date +%s)
"$cache_root/ocb-$OCB_VERSION/builder" --config "$work/builder-config.yaml" >&2
echo "build-collector: built in $(( $(date +%s) - start ))s" >&2

mkdir -p "$dir"
cp "$manifest" "$dir/builder-config.yaml"
mv "$work/dist/otelcol-evals" "$binary.tmp"
mv "$binary.tmp" "$binary"
echo "$binary"
