// A minimal S3-compatible server on loopback, for tests only: one bucket, path-style URLs
// (`/<bucket>/<key>`), PutObject, GetObject, HeadObject and DeleteObject, each request's AWS
// Signature V4 checked against the one access key it knows (and the payload against its
// signed SHA-256). The API talks to it through the real AWS SDK over real HTTP, as to any
// S3-compatible service; anything else answers 501, so a new kind of call shows at once.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Fixture {
  /** `http://127.0.0.1:<port>`: S3_ENDPOINT. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key. */
  objects: Map<string, Buffer>;
  /** Every request, `PUT <key>`, in order (signature refusals included). */
  requests: string[];
  /** The S3_* variables that point the API at this server. */
  env: Record<'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE', string>;
  close(): Promise<void>;
}

function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it for query names and values. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Why this request's signature does not hold, or null when it does. */
function signatureProblem(request: IncomingMessage, body: Buffer, region: string, accessKeyId: string, secret: string): string | null {
  const authorization = request.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return 'no SigV4 authorization header';
  const [, key, day, signedRegion, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (key !== accessKeyId) return 'unknown access key';
  if (signedRegion !== region) return 'wrong region';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return 'x-amz-date does not match the credential day';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (sha256(body) !== payloadHash) return 'payload does not match x-amz-content-sha256';
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    return `unsupported payload signing ${payloadHash}`;
  }
  const [path, rawQuery = ''] = (request.url ?? '/').split('?', 2) as [string, string?];
  const query = rawQuery
    .split('&')
    .filter((part) => part.length > 0)
    .map((part) => {
      const [name, value = ''] = part.split('=', 2) as [string, string?];
      return [encodeRfc3986(decodeURIComponent(name)), encodeRfc3986(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => {
      const value = request.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [request.method, path, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return hmac(signingKey, toSign).toString('hex') === signature ? null : 'signature does not match';
}

export async function startS3Fixture(options: { bucket?: string; region?: string } = {}): Promise<S3Fixture> {
  const bucket = options.bucket ?? 'bourse-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = 'TESTACCESSKEY';
  const secretAccessKey = 'test-secret-key-for-the-s3-fixture';
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (request.url ?? '/').split('?')[0]!;
      const [, bucketName = '', ...rest] = path.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${request.method} ${key}`);
      const refused = signatureProblem(request, body, region, accessKeyId, secretAccessKey);
      if (refused) return xmlError(response, 403, 'SignatureDoesNotMatch', refused);
      if (bucketName !== bucket) return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) return xmlError(response, 501, 'NotImplemented', 'Only object operations are supported');
      const stored = objects.get(key);
      switch (request.method) {
        case 'PUT': {
          if (request.headers['content-encoding']?.includes('aws-chunked')) return xmlError(response, 501, 'NotImplemented', 'aws-chunked bodies');
          objects.set(key, body);
          response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"`, 'content-length': 0 }).end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          if (!stored) {
            if (request.method === 'HEAD') return void response.writeHead(404).end();
            return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
          }
          response.writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-length': stored.length,
            etag: `"${createHash('md5').update(stored).digest('hex')}"`,
          });
          response.end(request.method === 'GET' ? stored : undefined);
          return;
        }
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204).end();
          return;
        default:
          xmlError(response, 501, 'NotImplemented', `${request.method} is not supported`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: {
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
