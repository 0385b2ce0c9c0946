import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../http/http-errors';
import { assertSafeKey, limitBytes, type ByteRange, type PutOptions, type Storage, type StorageBody } from './types';

/** Files in a folder (DATA_DIR/uploads by default), one file per key. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  private pathOf(key: string) {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: StorageBody, opts: PutOptions) {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written under a temporary name and renamed when complete, so a reader never sees half a file.
    const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
    const counter = { bytes: 0 };
    try {
      await pipeline(
        Readable.from(limitBytes(body, opts.maxBytes, counter)),
        fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      );
      await fs.promises.rename(partial, target);
    } catch (err) {
      await fs.promises.rm(partial, { force: true });
      throw err;
    }
    return { size: counter.bytes };
  }

  async get(key: string, range?: ByteRange) {
    // Opened here, not when the stream is first read: a file deleted meanwhile (a retake's bytes) is
    // a 404 now, never an error on a stream nobody listens to yet.
    const file = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch {
      throw notFound('File not found');
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : undefined);
  }

  async delete(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
