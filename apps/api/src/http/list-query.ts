// Query parameters shared by the lists (GET /inquiries, /organizations, /soil-studies): paging,
// sort, enumerated filters, quick search and bounding box. Each parser answers a typed value or
// throws a 400 with the domain's French detail; nothing else reads those parameters.
import { isSearchActive, MAX_PAGE_SIZE, messages, sortParameterMessage, TABLE_SEARCH_MAX_LENGTH } from '@terres/domain';
import type { FastifyReply } from 'fastify';
import { isUuid } from './ids.js';
import { problem } from './problem.js';

/** A query string value as Fastify parses it: repeated keys become arrays. */
export type QueryValue = string | string[] | undefined;

/** The rows a list returns by default when the client pages without `page_size`. */
export const DEFAULT_LIST_PAGE_SIZE = 25;

/** Searches count their matches up to this many (X-Total-Count-Capped beyond): see README. */
export const SEARCH_COUNT_CAP = 10_000;

/** Words of a query beyond this many are ignored (each one is a condition). */
const MAX_SEARCH_WORDS = 10;

function single(value: QueryValue, detail: string): string | undefined {
  if (Array.isArray(value)) throw problem(400, detail);
  return value;
}

function positiveInteger(value: string | undefined, detail: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value.trim())) throw problem(400, detail);
  const n = Number(value.trim());
  if (n < 1 || n > max) throw problem(400, detail);
  return n;
}

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/**
 * `page` (1-based) and `page_size` (1 to MAX_PAGE_SIZE). Neither given: the first MAX_PAGE_SIZE
 * rows (issue 20: every list is bounded; the whole list, as before, let 1 000 drafts make a
 * 19 MB answer); one given: the other takes its default.
 */
export function parsePaging(query: { page?: QueryValue; page_size?: QueryValue }): Paging {
  const page = positiveInteger(single(query.page, messages.pageParameter), messages.pageParameter);
  const pageSize = positiveInteger(single(query.page_size, messages.pageSizeParameter), messages.pageSizeParameter, MAX_PAGE_SIZE);
  if (page === undefined && pageSize === undefined) return { page: 1, pageSize: MAX_PAGE_SIZE, offset: 0 };
  const size = pageSize ?? DEFAULT_LIST_PAGE_SIZE;
  const number = page ?? 1;
  return { page: number, pageSize: size, offset: (number - 1) * size };
}

export interface Sort<K extends string> {
  key: K;
  descending: boolean;
}

/** `sort=created_at` (ascending) or `sort=-created_at` (descending), among `keys`. */
export function parseSort<K extends string>(value: QueryValue, keys: readonly K[], fallback: Sort<K>): Sort<K> {
  const allowed = keys.flatMap((key) => [key, `-${key}`]);
  const detail = sortParameterMessage(allowed);
  const raw = single(value, detail)?.trim();
  if (raw === undefined || raw === '') return fallback;
  const descending = raw.startsWith('-');
  const key = (descending ? raw.slice(1) : raw) as K;
  if (!keys.includes(key)) throw problem(400, detail);
  return { key, descending };
}

/** One value of `allowed`, or undefined when absent or empty. */
export function parseEnum<T extends string>(value: QueryValue, allowed: readonly T[], detail: string): T | undefined {
  const raw = single(value, detail)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!allowed.includes(raw as T)) throw problem(400, detail);
  return raw as T;
}

/**
 * One or several values of `allowed`, comma-separated (`status=DRAFT,APPROVED`) or repeated
 * (`status=DRAFT&status=APPROVED`); undefined when absent or empty.
 */
export function parseEnumList<T extends string>(value: QueryValue, allowed: readonly T[], detail: string): T[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  if (parts.length === 0) return undefined;
  for (const part of parts) if (!allowed.includes(part as T)) throw problem(400, detail);
  return [...new Set(parts as T[])];
}

/**
 * The quick search's words, or null when the query does not filter (under 2 characters, as the
 * tables' own rule `isSearchActive` says). Words are cut at anything but letters and digits
 * (spaces, apostrophes, dashes, '@', '.'), as `terres_fold` does in the database; 1-letter words
 * are dropped. 400 beyond TABLE_SEARCH_MAX_LENGTH characters.
 */
export function parseSearch(value: QueryValue): string[] | null {
  const raw = single(value, messages.searchTooLong);
  if (raw === undefined) return null;
  if (raw.length > TABLE_SEARCH_MAX_LENGTH) throw problem(400, messages.searchTooLong);
  if (!isSearchActive(raw)) return null;
  const words = raw
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2)
    .slice(0, MAX_SEARCH_WORDS);
  return words.length > 0 ? words : null;
}

/** `minLng,minLat,maxLng,maxLat` in degrees (WGS 84), each minimum below its maximum. */
export type Bbox = readonly [minLng: number, minLat: number, maxLng: number, maxLat: number];

export function parseBbox(value: QueryValue): Bbox | undefined {
  const raw = single(value, messages.bboxParameter)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part))) throw problem(400, messages.bboxParameter);
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number];
  const inRange = [minLng, maxLng].every((lng) => lng >= -180 && lng <= 180) && [minLat, maxLat].every((lat) => lat >= -90 && lat <= 90);
  if (!inRange || minLng >= maxLng || minLat >= maxLat) throw problem(400, messages.bboxParameter);
  return [minLng, minLat, maxLng, maxLat];
}

/** A UUID (e.g. `organization_id`), or undefined when absent or empty. */
export function parseUuid(value: QueryValue, detail: string): string | undefined {
  const raw = single(value, detail)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!isUuid(raw)) throw problem(400, detail);
  return raw.toLowerCase();
}

/** `true`/`1` or `false`/`0`; `fallback` when absent. */
export function parseBoolean(value: QueryValue, detail: string, fallback?: boolean): boolean {
  const raw = single(value, detail);
  if (raw === undefined && fallback !== undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw problem(400, detail);
}

/** A list's count, as the X-Total-Count header (and X-Total-Count-Capped when a search stopped counting). */
export interface ListCount {
  total: number;
  capped: boolean;
}

export function sendTotal(reply: FastifyReply, count: ListCount): void {
  reply.header('x-total-count', String(count.total));
  if (count.capped) reply.header('x-total-count-capped', 'true');
}
