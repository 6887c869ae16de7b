#!/usr/bin/env bash
# The official MCP conformance suite against /mcp: `bash scripts/mcp-conformance.sh` (exit 0 = every scenario
# that applies passed and every one listed in scripts/mcp-conformance-expected-failures.yml still fails).
# The suite wants Node >= 22: when the node on PATH is older, Node 24 comes from the npm registry (package
# `node`). Both go into a scratch folder, never into our lock; the suite's version is pinned here.
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE=@modelcontextprotocol/conformance@0.1.16
NODE_FOR_SUITE=node@24.21.0

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
packages=("$CONFORMANCE")
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then packages+=("$NODE_FOR_SUITE"); fi
npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error "${packages[@]}" >/dev/null
export PATH="$scratch/node_modules/.bin:$PATH"
echo "MCP conformance: $CONFORMANCE on Node $(node --version)"
npx tsx scripts/mcp-conformance.ts "$scratch/node_modules/.bin/conformance"
