import { enableCompileCache } from './compile-cache.js';

// `npm start`: the HTTP service (http-server.ts).
enableCompileCache();
await import('./http-server.js');
