import module from 'node:module';

/**
 * Keeps V8's compiled code of the modules between starts (Node 22.1 and later; older Node goes on without):
 * a fifth of a start is compiling, and MCP clients start the stdio bin for every session. The cache sits
 * in the system's temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Call it before importing
 * the rest: modules are compiled when imported.
 */
export function enableCompileCache(): void {
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}
