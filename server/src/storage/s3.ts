// Uploaded files as objects of one bucket of an S3-compatible store (AWS S3, MinIO, R2…), one
// object per key at the bucket's root, so that every server instance sees the same media.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  assertMediaKey,
  contentTypeForKey,
  isValidMediaKey,
  type ListedObject,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server's URL; AWS S3 itself when absent. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** <endpoint>/<bucket>/<key> rather than <bucket>.<endpoint host>/<key>. */
  forcePathStyle: boolean;
  /** Keys per ListObjectsV2 page: S3's maximum by default (tests use fewer to see several pages). */
  listPageSize?: number;
}

/**
 * What check() writes and deletes: a leading dot is never a valid key, so no media URL can reach
 * it and list() never shows it.
 */
const PROBE_KEY = '.readiness-probe';

export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number;
  /** Where the bucket is, for error messages. */
  private readonly place: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize ?? 1000;
    this.place = `S3 bucket "${options.bucket}" at ${options.endpoint ?? `AWS ${options.region}`}`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // The SDK adds CRC checksums to every request and checks those of answers by default;
      // many S3-compatible servers neither send nor accept them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: PROBE_KEY, Body: Buffer.alloc(0) }),
      );
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: PROBE_KEY }));
    } catch (err) {
      throw new Error(`${this.place} cannot be written: ${explain(err)}`, { cause: err });
    }
  }

  async put(key: string, data: Readable | Buffer, contentType: string): Promise<{ size: number }> {
    assertMediaKey(key);
    if (Buffer.isBuffer(data)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
        }),
      );
      return { size: data.length };
    }
    // Of unknown length: Upload sends it in parts (one PUT when it fits in one). The object only
    // appears once complete, so a failed stream leaves none (the parts sent are aborted).
    let size = 0;
    let sourceError: { error: unknown } | undefined;
    async function* counted(source: Readable) {
      // True while a chunk is handed over: what fails then is the upload giving the input up
      // (closing the source aborts it), not the source itself.
      let handedOver = false;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          handedOver = true;
          yield chunk;
          handedOver = false;
        }
      } catch (error) {
        if (!handedOver) sourceError = { error };
        throw error;
      }
    }
    const body = Readable.from(counted(data));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
    });
    try {
      await upload.done();
    } catch (err) {
      // When the store failed, the rest of the input is not wanted any more (as pipeline() does).
      body.destroy();
      data.destroy();
      // The stream's own error (e.g. the 413 of the size limit), not the upload's account of it
      // (which may be a failure to abort the parts).
      throw sourceError ? sourceError.error : err;
    }
    return { size };
  }

  async get(key: string): Promise<StoredObject | null> {
    assertMediaKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        stream: object.Body,
        size: object.ContentLength ?? 0,
        contentType: contentTypeForKey(key),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    // S3 deletes an absent key without a word: ask first, to answer whether there was one.
    if (!(await this.exists(key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    return true;
  }

  async exists(key: string): Promise<boolean> {
    assertMediaKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async list(): Promise<ListedObject[]> {
    const listed: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          MaxKeys: this.listPageSize,
          ContinuationToken: token,
        }),
      );
      for (const { Key: key, LastModified: modifiedAt } of page.Contents ?? []) {
        // Objects that are no media key (the readiness probe, others' files) are left alone.
        if (key !== undefined && modifiedAt !== undefined && isValidMediaKey(key)) {
          listed.push({ key, modifiedAt });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return listed;
  }

  presignedReadUrl(key: string, expiresInSeconds: number): Promise<string> {
    assertMediaKey(key);
    // The headers the server gives its own media answers that S3 can be asked for.
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: contentTypeForKey(key),
      ResponseContentDisposition: `inline; filename="${key}"`,
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }
}

function isNotFound(err: unknown): boolean {
  // HEAD answers carry no body, hence no error code: only the status says "not found".
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/** Why a request to the store failed, in words an operator can act on. */
function explain(err: unknown): string {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    if (err.name === 'NoSuchBucket') return 'the bucket does not exist';
    if (
      status === 403 ||
      err.name === 'InvalidAccessKeyId' ||
      err.name === 'SignatureDoesNotMatch'
    ) {
      return `access denied (${err.name}); check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy`;
    }
    return `${err.name}${status ? ` (HTTP ${status})` : ''}: ${err.message}`;
  }
  const code = (err as NodeJS.ErrnoException).code;
  const message = err instanceof Error ? err.message : String(err);
  return `the store is unreachable (${code ?? message})`;
}
