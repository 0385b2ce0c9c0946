import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { notFound } from '../http/http-errors';
import { assertSafeKey, limitBytes, type ByteRange, type PutOptions, type Storage, type StorageBody } from './types';

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
    this.client = new S3Client(config);
    this.bucket = opts.bucket;
  }

  async put(key: string, body: StorageBody, opts: PutOptions) {
    assertSafeKey(key);
    const counter = { bytes: 0 };
    // lib-storage streams in parts, so the size need not be known up front.
    const upload = new Upload({
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
        new GetObjectCommand({
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
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
