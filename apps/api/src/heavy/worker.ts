// The worker thread's entry (piscina calls the default export once per task). Built as its own
// file by tsup (`dist/heavy-worker.js`); source runs load it through ./worker-tsx.mjs.
import { runHeavyTask, type HeavyTask } from './tasks.js';

export default async function heavyWorker(task: HeavyTask): Promise<Uint8Array> {
  const bytes = await runHeavyTask(task);
  // A Buffer arrives as a Uint8Array on the other side: hand it over as one.
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
