// Source runs (`tsx`, vitest): a worker thread starts without the parent's TypeScript loader
// under vitest, so it registers tsx's before loading ./worker.ts. The built server never loads
// this file: it runs dist/heavy-worker.js (src/heavy/pool.ts chooses).
import { register } from 'tsx/esm/api';

register();
const { default: heavyWorker } = await import('./worker.ts');

export default heavyWorker;
