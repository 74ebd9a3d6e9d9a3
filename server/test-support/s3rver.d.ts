// The part of s3rver 3.7 (no types of its own) the tests use: an in-process S3-compatible server.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  /** The part of Koa's context a middleware of ours reads and changes. */
  export interface S3rverContext {
    method: string;
    query: Record<string, string | undefined>;
    body: unknown;
  }
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    /** Koa's middleware list; the router is the last one. */
    middleware: S3rverMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
