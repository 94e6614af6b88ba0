// The heavy-work pool (issue 12): renders in worker threads while the event loop stays free,
// bounded by threads + queue (503 + Retry-After beyond, French detail), a timeout, the client
// going away; finds its worker beside the built server and in the sources.
import { messages } from '@terres/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/helpers/fixtures.js';
import { HttpProblem } from '../http/problem.js';
import type { InquiryRow } from '../services/inquiries.js';
import { heavyWorkerFile, HeavyWork } from './pool.js';
import type { HeavyTask } from './tasks.js';

function listing(lines: number): InquiryRow {
  return {
    id: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10',
    organizationId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a11',
    userId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a12',
    type: 'CUT',
    status: 'DRAFT',
    projectName: 'Déblais de la friche Éléonore',
    projectOwnerFirstName: null,
    projectOwnerLastName: null,
    projectOwnerStreet: null,
    projectOwnerPostcode: null,
    projectOwnerCity: null,
    projectOwnerSiret: null,
    siteAddress: null,
    siteLatitude: null,
    siteLongitude: null,
    quantity: null,
    startDate: null,
    endDate: null,
    rejectionReason: null,
    parcelNumbers: ['68145000ZC0001'],
    materials: Array.from({ length: lines }, (_, i) => ({ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 10 + i, price: 8 })),
    groundTypeUnknown: false,
    soilStudyDelegation: true,
    cost: 50,
    createdAt: new Date('2026-11-02T10:00:00Z'),
    updatedAt: new Date('2026-11-02T10:00:00Z'),
  } as unknown as InquiryRow;
}

const pdfTask = (lines = 3): HeavyTask => ({ kind: 'inquiry-pdf', row: listing(lines), organizationName: 'Terrassements du Ried' });

/** An inline renderer the test releases by hand. */
function gatedRenderer() {
  const gates: (() => void)[] = [];
  return {
    started: () => gates.length,
    releaseAll: () => gates.splice(0).forEach((open) => open()),
    run: () => new Promise<Uint8Array>((resolve) => gates.push(() => resolve(new Uint8Array([37, 80, 68, 70])))),
  };
}

async function busyProblem(promise: Promise<unknown>): Promise<HttpProblem> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
}

describe('heavy work in worker threads', () => {
  const pool = new HeavyWork({ threads: 1, queue: 4, timeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('renders a listing PDF in a worker thread, the event loop turning meanwhile', async () => {
    // Warm-up: the thread is started and its modules loaded (the loop is free meanwhile anyway).
    await pool.run(pdfTask(1));
    let ticks = 0;
    let rendering = true;
    const spin = () => {
      ticks += 1;
      if (rendering) setImmediate(spin);
    };
    setImmediate(spin);
    // A listing stored before the limits (1 000 lines): a render of a good fraction of a second.
    const pdf = await pool.run(pdfTask(1000));
    rendering = false;
    expect(pool.threads).toBe(1);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Déblais de la friche Éléonore');
    // Rendered in this thread (HEAVY_WORKERS=0), the loop turns a few dozen times (the stream's
    // chunks); in a worker it turns freely, tens of thousands of times.
    expect(ticks).toBeGreaterThan(1000);
  });

  it('finds the worker beside the built server, and goes through tsx in the sources', () => {
    expect(heavyWorkerFile('file:///srv/api/dist/chunk-ABC.js')).toBe('/srv/api/dist/heavy-worker.js');
    expect(heavyWorkerFile('file:///repo/apps/api/src/heavy/pool.ts')).toBe('/repo/apps/api/src/heavy/worker-tsx.mjs');
  });
});

describe('bounds', () => {
  it('lets threads + queue tasks in and answers 503 with Retry-After beyond, in French', async () => {
    const renderer = gatedRenderer();
    const heavy = new HeavyWork({ threads: 0, queue: 2, timeoutMs: 60_000 }, { inline: renderer.run });
    expect(heavy.capacity).toBe(3);
    const accepted = [heavy.run(pdfTask()), heavy.run(pdfTask()), heavy.run(pdfTask())];
    expect(heavy.pending).toBe(3);
    const refused = await busyProblem(heavy.run(pdfTask()));
    expect(refused.status).toBe(503);
    expect(refused.detail).toBe(messages.serverBusy);
    expect(Number(refused.options.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    // Tasks run one after the other: the first has started, the others wait their turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(renderer.started()).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      renderer.releaseAll();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    for (const pdf of await Promise.all(accepted)) expect(pdf.toString()).toBe('%PDF');
    expect(heavy.pending).toBe(0);
    // Room again.
    const again = heavy.run(pdfTask());
    await new Promise((resolve) => setTimeout(resolve, 0));
    renderer.releaseAll();
    expect((await again).toString()).toBe('%PDF');
  });

  it('answers 503 when a task outlives the timeout, and frees its place', async () => {
    const heavy = new HeavyWork({ threads: 1, queue: 0, timeoutMs: 50 });
    try {
      // 20 000 lines take seconds: far beyond 50 ms.
      const refused = await busyProblem(heavy.run(pdfTask(20_000)));
      expect(refused.status).toBe(503);
      expect(heavy.pending).toBe(0);
      const pdf = await new HeavyWork({ threads: 0, queue: 0, timeoutMs: 60_000 }).run(pdfTask());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await heavy.close();
    }
  });

  it('drops a task whose client went away', async () => {
    const heavy = new HeavyWork({ threads: 1, queue: 0, timeoutMs: 60_000 });
    try {
      const controller = new AbortController();
      const running = heavy.run(pdfTask(20_000), { signal: controller.signal });
      controller.abort();
      await expect(running).rejects.toThrow();
      expect(heavy.pending).toBe(0);
    } finally {
      await heavy.close();
    }
  });
});
