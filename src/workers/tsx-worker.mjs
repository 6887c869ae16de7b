// Starts a worker entry written in TypeScript (workerData.entry) where the service runs from its sources
// (tests, `npm run dev`): worker threads do not inherit tsx's loader. Not built into dist/, where each
// entry is built to JavaScript and runs directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
