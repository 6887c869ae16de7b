#!/usr/bin/env bash
# The official MCP conformance suite's authorization-server scenarios (`conformance authorization`: the
# metadata endpoint and the authorization code grant, through our consent page and the fake Slack in headless
# Chromium): `bash scripts/mcp-conformance-authorization.sh` (exit 0 = every scenario passed). The suite wants
# Node >= 22: when the node on PATH is older, Node 24 comes from the npm registry (package `node`). Both go into
# a scratch folder, never into our lock; the suite's version is pinned here (0.2.0-alpha.12 is the first with
# these scenarios).
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE=@modelcontextprotocol/conformance@0.2.0-alpha.12
NODE_FOR_SUITE=node@24.21.0

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
packages=("$CONFORMANCE")
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then packages+=("$NODE_FOR_SUITE"); fi
npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error "${packages[@]}" >/dev/null
export PATH="$scratch/node_modules/.bin:$PATH"
echo "MCP conformance (authorization server): $CONFORMANCE on Node $(node --version)"
npx tsx scripts/mcp-conformance-authorization.ts "$scratch/node_modules/.bin/conformance"
