// Issue 23: JSON answers compressed (brotli, else gzip) above COMPRESSION_THRESHOLD when the
// client accepts it; small answers, clients that accept nothing, downloads and 304s as before.
// Over real HTTP with node:http, which shows the bytes as sent (fetch would decode them).
import { request as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createOwner } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';
import { COMPRESSION_THRESHOLD } from './compression.js';

let api: TestApi;
let token: string;
let listingId: string;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${api.url}/api/v1${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  api = await startApiForTest();
  const owner = await createOwner(api, { name: 'Compression TP' });
  token = owner.token;
  for (let n = 1; n <= 20; n++) {
    const created = await api.request('POST', '/inquiries', { token, body: { type: 'CUT', project_name: `Chantier ${n} de la rue des Carrières` } });
    expect(created.status).toBe(201);
    listingId = created.body.id;
  }
});

afterAll(async () => {
  await api?.close();
});

describe('compressed JSON answers (issue 23)', () => {
  it('a page of 20 listings comes compressed with brotli, or gzip, when the client accepts it, and decodes to the same JSON', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const plain = await get('/inquiries?page=1&page_size=20', bearer);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const listings = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(listings).toHaveLength(20);

    const br = await get('/inquiries?page=1&page_size=20', { ...bearer, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['x-total-count']).toBe('20');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(listings);

    const gzip = await get('/inquiries?page=1&page_size=20', { ...bearer, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(listings);
  });

  it('a small answer is sent as it is, even to a client that accepts compression', async () => {
    const small = await get('/inquiries?status=APPROVED&page=1&page_size=20', { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual([]);
  });

  it('a listing PDF is sent as its bytes, its type kept', async () => {
    const pdf = await get(`/inquiries/${listingId}/pdf`, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the map pins still answer 304 to their ETag when the client accepts compression', async () => {
    const admin = { authorization: `Bearer ${await adminToken(api)}`, 'accept-encoding': 'gzip, br' };
    // The tag versions every listing, and test files write to one database in parallel: a write
    // elsewhere between the two reads rightly gives a new tag (a 200 with another ETag). Read and
    // revalidate again until the pair falls between two writes; a server that never answers 304,
    // or answers it with a body, still fails.
    let again: Raw | undefined;
    for (let attempt = 0; attempt < 10 && again?.status !== 304; attempt += 1) {
      const first = await get('/inquiries/pins', admin);
      expect(first.status).toBe(200);
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^W\/"pins-/);
      again = await get('/inquiries/pins', { ...admin, 'if-none-match': etag });
      if (again.status !== 304) expect(again.headers.etag).not.toBe(etag);
    }
    expect(again?.status).toBe(304);
    expect(again?.body.length).toBe(0);
    expect(again?.headers['content-encoding']).toBeUndefined();
  });
});
