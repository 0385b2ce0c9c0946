/**
 * The S3 implementation against a minimal S3-compatible server on this machine (path-style PUT,
 * GET with Range, DELETE), enough to show the SDK calls are the right ones.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTooLargeError, S3Storage } from '../../src/storage';
import { startStubServer } from '../helpers/stub-server';

const objects = new Map<string, { body: Buffer; type: string }>();
let server: Awaited<ReturnType<typeof startStubServer>>;
let storage: S3Storage;

beforeAll(async () => {
  server = await startStubServer((req, body, res) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0]!);
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']) });
      return res.writeHead(200, { etag: '"abc"' }).end();
    }
    const found = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    if (!found) {
      return res
        .writeHead(404, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
    }
    const range = /bytes=(\d+)-(\d+)/.exec(String(req.headers.range ?? ''));
    if (range) {
      const part = found.body.subarray(Number(range[1]), Number(range[2]) + 1);
      return res.writeHead(206, { 'content-length': part.length }).end(part);
    }
    return res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
  });
  storage = new S3Storage({
    bucket: 'uploads',
    region: 'us-east-1',
    endpoint: server.url,
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
  });
});
afterAll(async () => {
  storage.client.destroy();
  await server.close();
});

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString();
};

describe('S3Storage against an S3-compatible server', () => {
  it('puts with the content type, gets whole and ranged, deletes', async () => {
    const { size } = await storage.put(
      'resume/2026-11/abc',
      Readable.from([Buffer.from('%PDF-1.7 '), Buffer.from('body')]),
      {
        contentType: 'application/pdf',
        maxBytes: 1000,
      },
    );
    expect(size).toBe(13);
    expect(objects.get('/uploads/resume/2026-11/abc')).toEqual({
      body: Buffer.from('%PDF-1.7 body'),
      type: 'application/pdf',
    });
    expect(await read(await storage.get('resume/2026-11/abc'))).toBe('%PDF-1.7 body');
    expect(await read(await storage.get('resume/2026-11/abc', { start: 9, end: 12 }))).toBe('body');
    await storage.delete('resume/2026-11/abc');
    expect(objects.has('/uploads/resume/2026-11/abc')).toBe(false);
    await expect(storage.get('resume/2026-11/abc')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a body over the limit and leaves no object', async () => {
    await expect(
      storage.put('resume/2026-11/big', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), {
        contentType: 'application/pdf',
        maxBytes: 1000,
      }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(objects.has('/uploads/resume/2026-11/big')).toBe(false);
  });
});
