#!/usr/bin/env bash
# Makes Debian's headless Chromium available for the HTML report test (test/dataset/report/html-chromium.test.ts).
# Idempotent: does nothing when a chromium binary is already on PATH. Installs under a lock so that
# concurrent callers on one machine do not race on apt.
set -euo pipefail

find_chromium() {
  command -v chromium || command -v chromium-browser || true
}

if [ -n "$(find_chromium)" ]; then
  echo "chromium: $(find_chromium)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: chromium is missing and apt-get is not available; install chromium and retry" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

install_chromium() {
  # Another caller may have installed it while this one waited for the lock.
  if [ -n "$(find_chromium)" ]; then
    return 0
  fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
}

LOCK=/tmp/otel-evals-apt.lock
if command -v flock >/dev/null 2>&1; then
  exec 9>"$LOCK"
  flock 9
fi
install_chromium

if [ -z "$(find_chromium)" ]; then
  echo "ensure-chromium: installing chromium did not put a chromium binary on PATH" >&2
  exit 1
fi
echo "chromium: $(find_chromium)"
