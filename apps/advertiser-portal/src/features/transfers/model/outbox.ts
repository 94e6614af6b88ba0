// The phone's outbox (issue 18, "survive a lost connection"): a departure or a reception whose
// request could not reach the API is kept in localStorage with the Idempotency-Key of its first
// attempt, and sent again when the network returns (`online`, a timer, a tap). The API records
// one load (or one reception) per key, so a retry after an answer that was lost never counts
// twice; in this tab, an entry being sent is not sent again until its attempt ends.
import { confirmLoadReception, parseProblem, recordLoad, type Load, type LoadDepartureRequest, type LoadReceptionRequest } from '@terres/api-client';
import { useEffect, useRef, useSyncExternalStore } from 'react';

interface EntryBase {
  /** The Idempotency-Key of every attempt. */
  key: string;
  /** Who typed it: only their session sends it (a shared phone may change hands). */
  userId: string;
  transferId: string;
  savedAt: string;
  /** The API's refusal, when it answered no (not sent again). */
  failure?: string;
}

export type OutboxEntry =
  | (EntryBase & { kind: 'departure'; body: LoadDepartureRequest })
  | (EntryBase & { kind: 'reception'; loadId: string; loadNumber: string; body: LoadReceptionRequest });

export const OUTBOX_STORAGE_KEY = 'terres.transfers.outbox';
const CHANGE_EVENT = 'terres:transfers-outbox';
/** While entries wait, another attempt this often (the `online` event is not always fired). */
export const OUTBOX_RETRY_MS = 30_000;

const EMPTY: readonly OutboxEntry[] = [];
let cachedRaw: string | null = null;
let cached: readonly OutboxEntry[] = EMPTY;

export function readOutbox(): readonly OutboxEntry[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(OUTBOX_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cached = Array.isArray(parsed) ? (parsed as OutboxEntry[]) : EMPTY;
  } catch {
    cached = EMPTY;
  }
  return cached;
}

function writeOutbox(entries: readonly OutboxEntry[]) {
  try {
    if (entries.length === 0) localStorage.removeItem(OUTBOX_STORAGE_KEY);
    else localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // A full or disabled storage: the entry lives as long as the page does.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function keepInOutbox(entry: OutboxEntry) {
  writeOutbox([...readOutbox().filter((other) => other.key !== entry.key), entry]);
}

export function removeFromOutbox(key: string) {
  writeOutbox(readOutbox().filter((entry) => entry.key !== key));
}

function markFailed(key: string, failure: string) {
  writeOutbox(readOutbox().map((entry) => (entry.key === key ? { ...entry, failure } : entry)));
}

/**
 * A request that never got an answer (offline, DNS, connection reset): worth sending again.
 * An HTTP answer, even an error, is not (the API said no; sending it again changes nothing).
 */
export function isNetworkFailure(error: unknown): boolean {
  if (parseProblem(error)) return false;
  if (error instanceof TypeError) return true;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'NetworkError')) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const inFlight = new Set<string>();

/** One attempt of an entry, with the key of its first attempt. */
export function sendEntry(entry: OutboxEntry): Promise<Load> {
  const init = { headers: { 'Idempotency-Key': entry.key } };
  return entry.kind === 'departure' ? recordLoad(entry.transferId, entry.body, init) : confirmLoadReception(entry.loadId, entry.body, init);
}

export type SubmitResult = { status: 'sent'; load: Load } | { status: 'queued' };

/**
 * The first attempt of a new entry: sent at once; kept in the outbox when the network failed;
 * an HTTP error is thrown (the form shows it, nothing is kept).
 */
export async function submitEntry(entry: OutboxEntry): Promise<SubmitResult> {
  inFlight.add(entry.key);
  try {
    const load = await sendEntry(entry);
    return { status: 'sent', load };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    keepInOutbox(entry);
    return { status: 'queued' };
  } finally {
    inFlight.delete(entry.key);
  }
}

/**
 * Sends every waiting entry of `userId` once (those already being sent are skipped). Sent: removed. Refused
 * by the API: kept with its reason, not sent again (the user removes it). Network failure: kept.
 * Answers the loads sent.
 */
export async function flushOutbox(userId: string | null | undefined): Promise<Load[]> {
  const sent: Load[] = [];
  for (const entry of readOutbox()) {
    if (inFlight.has(entry.key) || entry.failure || entry.userId !== userId) continue;
    inFlight.add(entry.key);
    try {
      sent.push(await sendEntry(entry));
      removeFromOutbox(entry.key);
    } catch (error) {
      if (isNetworkFailure(error)) break;
      markFailed(entry.key, parseProblem(error)?.detail ?? parseProblem(error)?.title ?? String(error));
    } finally {
      inFlight.delete(entry.key);
    }
  }
  return sent;
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === OUTBOX_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The waiting entries of `userId`, re-rendered when they change (in this tab or another). */
export function useOutbox(userId: string | null | undefined): readonly OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, readOutbox, () => EMPTY);
  return all.filter((entry) => entry.userId === userId);
}

/**
 * Sends the outbox now, when the browser says it is back online, and every
 * `OUTBOX_RETRY_MS` while something waits; `onSent` gets the loads that went.
 */
export function useOutboxSync(userId: string | null | undefined, onSent: (loads: Load[]) => void) {
  const waiting = useOutbox(userId).some((entry) => !entry.failure);
  // The latest callback, and whether the caller is still mounted: a flush that empties the outbox
  // re-runs the effect below (`waiting` changes) before it answers, and its loads must still be told.
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const flush = () => {
      void flushOutbox(userId).then((loads) => {
        if (mounted.current && loads.length > 0) onSentRef.current(loads);
      });
    };
    flush();
    window.addEventListener('online', flush);
    const timer = waiting ? setInterval(flush, OUTBOX_RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [waiting, userId]);
}

/** A new Idempotency-Key (one per entry, kept for every attempt). */
export function newEntryKey(): string {
  return crypto.randomUUID();
}
