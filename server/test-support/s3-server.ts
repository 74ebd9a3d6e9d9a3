// An S3-compatible server for tests: s3rver (npm) in this process, on loopback, keeping its
// buckets in a temporary folder. No Docker, no script: a test block starts and closes its own.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver, { type S3rverMiddleware } from 's3rver';
import type { S3Settings } from '../src/config';
import { useOpened } from './hooks';

export interface TestS3Server {
  /** The settings of an app whose media live in the server's bucket. */
  settings: S3Settings;
  endpoint: string;
  /** The keys of every object in the bucket (media or not), sorted: what is really stored. */
  keys: () => string[];
  /** The file holding an object's bytes (s3rver keeps each object as one file). */
  objectFile: (key: string) => string;
  /** Dates an object's last write (S3 reports the file's modification time). */
  setModifiedAt: (key: string, at: Date) => void;
  /** Empties the bucket. */
  clear: () => void;
  close: () => Promise<void>;
}

const BUCKET = 'media';
/** s3rver's own account: it checks request signatures against this key pair. */
const CREDENTIALS = { s3AccessKeyId: 'S3RVER', s3SecretAccessKey: 'S3RVER' };
const OBJECT_SUFFIX = '._S3rver_object';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  server.middleware.splice(server.middleware.length - 1, 0, pageListings);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = join(directory, BUCKET);
  const objectFile = (key: string) => join(bucketDir, `${key}${OBJECT_SUFFIX}`);
  const keys = () =>
    readdirSync(bucketDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith(OBJECT_SUFFIX))
      .map((name) => name.slice(0, -OBJECT_SUFFIX.length))
      .sort();
  return {
    settings: {
      s3Bucket: BUCKET,
      s3Endpoint: endpoint,
      s3Region: 'us-east-1',
      s3ForcePathStyle: true,
      ...CREDENTIALS,
    },
    endpoint,
    keys,
    objectFile,
    setModifiedAt: (key, at) => utimesSync(objectFile(key), at, at),
    clear: () => {
      for (const name of readdirSync(bucketDir)) {
        rmSync(join(bucketDir, name), { recursive: true, force: true });
      }
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An S3-compatible server for the describe block: see useOpened. */
export const useS3Server = (): TestS3Server => useOpened(startS3Server, (server) => server.close());

interface ListBucketResult {
  Contents: { Key: string }[];
  IsTruncated: boolean;
  KeyCount?: number;
  MaxKeys?: number | string;
  ContinuationToken?: string;
  NextContinuationToken?: string;
}

/**
 * s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node >= 17) no longer
 * has: any truncated page fails with InternalError. Before its router, this asks for the page
 * after the token's key (start-after) without a limit, then cuts the page itself and names its
 * last key in the next token, as S3 pages.
 */
const pageListings: S3rverMiddleware = async (ctx, next) => {
  if (ctx.method !== 'GET' || ctx.query['list-type'] !== '2') return next();
  const { 'continuation-token': token, 'max-keys': maxKeys, ...rest } = ctx.query;
  ctx.query =
    token === undefined
      ? rest
      : { ...rest, 'start-after': Buffer.from(token, 'base64url').toString() };
  await next();
  const result = (ctx.body as { ListBucketResult?: ListBucketResult } | null)?.ListBucketResult;
  if (!result) return;
  const limit = maxKeys === undefined ? 1000 : Number(maxKeys);
  if (result.Contents.length > limit) {
    result.Contents = result.Contents.slice(0, limit);
    result.IsTruncated = true;
    result.NextContinuationToken = Buffer.from(result.Contents.at(-1)!.Key).toString('base64url');
  }
  result.KeyCount = result.Contents.length;
  result.MaxKeys = limit;
  result.ContinuationToken = token;
};
