import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { FileTooLargeError, LocalStorage, S3Storage, createStorage, newStorageKey } from '../../src/storage';
import { MarkerScanner, detectContentType } from '../../src/storage/sniff';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('LocalStorage', () => {
  const storage = new LocalStorage(root);

  it('puts, gets (whole and a range) and deletes', async () => {
    const key = newStorageKey('resume');
    const { size } = await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      contentType: 'text/plain',
      maxBytes: 100,
    });
    expect(size).toBe(11);
    expect(await read(await storage.get(key))).toBe('hello world');
    expect(await read(await storage.get(key, { start: 6, end: 10 }))).toBe('world');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ statusCode: 404 });
    await storage.delete(key); // deleting twice is fine
  });

  it('stops a stream past the limit and keeps no partial file', async () => {
    const key = newStorageKey('task_media');
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 1024;
        yield Buffer.alloc(1024);
      }
    }
    await expect(storage.put(key, endless(), { contentType: 'x', maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    // It stopped reading soon after the limit instead of consuming the whole stream.
    expect(produced).toBeLessThan(64 * 1024);
    const dir = path.join(root, ...key.split('/').slice(0, -1));
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', 'resume/../../x', '/etc/passwd', 'resume//x']) {
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('createStorage', () => {
  const base = { DATA_DIR: root, NODE_ENV: 'test' };

  it('uses DATA_DIR/uploads by default', () => {
    const storage = createStorage(loadConfig(base));
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe(path.join(root, 'uploads'));
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set', async () => {
    const storage = createStorage(
      loadConfig({
        ...base,
        S3_BUCKET: 'talent-uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }),
    ) as S3Storage;
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.kind).toBe('s3');
    expect(storage.bucket).toBe('talent-uploads');
    expect(await storage.client.config.region()).toBe('eu-west-1');
    expect(storage.client.config.forcePathStyle).toBe(true);
    const endpoint = await storage.client.config.endpoint!();
    expect(endpoint.hostname).toBe('127.0.0.1');
    expect((await storage.client.config.credentials()).accessKeyId).toBe('minio');
  });

  it('refuses half of the S3 credentials at startup', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-id' })).toThrow(
      /S3_ACCESS_KEY_ID\/S3_SECRET_ACCESS_KEY: must be set together/,
    );
  });
});

describe('content detection', () => {
  it('finds a marker split across chunks', () => {
    const scanner = new MarkerScanner(Buffer.from('word/'));
    scanner.push(Buffer.from('PK....wo'));
    expect(scanner.found).toBe(false);
    scanner.push(Buffer.from('rd/document.xml'));
    expect(scanner.found).toBe(true);
  });

  it('ignores names and declared types', () => {
    expect(detectContentType(Buffer.from('<!doctype html>'), 'application/pdf')).toBeNull();
    expect(detectContentType(Buffer.from('%PDF-1.7'), 'text/html')).toEqual({ contentType: 'application/pdf' });
  });
});
