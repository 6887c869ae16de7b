// Starts rank-worker.ts where the service runs from TypeScript sources (tests, `npm run dev`): worker
// threads do not inherit tsx's loader. Not built into dist/, where rank-worker.js runs directly.
import { register } from 'tsx/esm/api';

register();
await import('./rank-worker.ts');
