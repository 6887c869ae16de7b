#!/usr/bin/env node
import { enableCompileCache } from './compile-cache.js';

// `agent-search-mcp`: the MCP tools over stdio (stdio-server.ts).
enableCompileCache();
await import('./stdio-server.js');
