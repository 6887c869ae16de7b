#!/usr/bin/env bash
# The official MCP conformance suite against /mcp: `bash scripts/mcp-conformance.sh` (exit 0 = for each revision
# in REVISIONS, every scenario that applies passed and every one listed in
# scripts/mcp-conformance-expected-failures.yml still fails).
# Then the MCP Inspector CLI (pinned below) lists the tools and calls one over /mcp and the stdio bin
# (scripts/mcp-inspector.ts).
# The suite wants Node >= 22: when the node on PATH is older, Node 24 comes from the npm registry (package
# `node`). Both go into a scratch folder, never into our lock; the suite's version is pinned here.
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE=@modelcontextprotocol/conformance@0.2.0-alpha.12
# The protocol revisions /mcp serves whose requirement sets the suite knows: each is run on its own.
REVISIONS=(2025-11-25 2026-07-28)
# The MCP Inspector's CLI as one more client of /mcp and of the stdio bin (it wants Node >= 22.19 too).
INSPECTOR=@modelcontextprotocol/inspector@2.12.0
NODE_FOR_SUITE=node@24.21.0

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
packages=("$CONFORMANCE" "$INSPECTOR")
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then packages+=("$NODE_FOR_SUITE"); fi
npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error "${packages[@]}" >/dev/null
export PATH="$scratch/node_modules/.bin:$PATH"
failed=()
for revision in "${REVISIONS[@]}"; do
  echo "MCP conformance: $CONFORMANCE on Node $(node --version), requirements of $revision"
  npx tsx scripts/mcp-conformance.ts "$scratch/node_modules/.bin/conformance" --requirements "$revision" ||
    failed+=("$revision")
done
npx tsx scripts/mcp-inspector.ts "$scratch/node_modules/.bin/mcp-inspector" || failed+=("MCP Inspector CLI")
if [ ${#failed[@]} -gt 0 ]; then
  echo "MCP conformance failed for: ${failed[*]}"
  exit 1
fi
