import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import { notFound } from '../http/http-errors';
import { assertSafeKey, limitBytes, type ByteRange, type PutOptions, type Storage, type StorageBody } from './types';

// The AWS SDK is loaded when an S3 store is made, not at start-up: an instance without S3_BUCKET
// never needs it (decision 0241).
const require = createRequire(import.meta.url);
const s3 = () => require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
const uploads = () => require('@aws-sdk/lib-storage') as { Upload: typeof Upload };

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Objects in an S3-compatible bucket (AWS S3, MinIO, R2, ...). */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(opts: S3StorageOptions) {
    const config: S3ClientConfig = { region: opts.region };
    if (opts.endpoint) {
      config.endpoint = opts.endpoint;
      // Self-hosted services rarely have per-bucket host names.
      config.forcePathStyle = true;
    }
    if (opts.accessKeyId && opts.secretAccessKey) {
      config.credentials = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey };
    }
    this.client = new (s3().S3Client)(config);
    this.bucket = opts.bucket;
  }

  async put(key: string, body: StorageBody, opts: PutOptions) {
    assertSafeKey(key);
    const counter = { bytes: 0 };
    // lib-storage streams in parts, so the size need not be known up front.
    const upload = new (uploads().Upload)({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: Readable.from(limitBytes(body, opts.maxBytes, counter)),
        ContentType: opts.contentType,
      },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      await upload.abort().catch(() => {});
      await this.delete(key).catch(() => {});
      throw err;
    }
    return { size: counter.bytes };
  }

  async get(key: string, range?: ByteRange) {
    assertSafeKey(key);
    try {
      const res = await this.client.send(
        new (s3().GetObjectCommand)({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') throw notFound('File not found');
      throw err;
    }
  }

  async delete(key: string) {
    assertSafeKey(key);
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: key }));
  }
}
