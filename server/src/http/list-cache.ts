// The list cache (issue #12): the serialised answers of the list GETs, kept in memory
// (LIST_CACHE_MB) and sent again as long as they are exactly what the database would give.
// A list page costs milliseconds of SQL and presenting; sending bytes already made costs a
// fraction of that. Never stale:
// - writes: each entry remembers the data versions of the scopes its answer reads (migration
//   007: triggers bump them in every writing transaction, from any connection or instance);
//   every request reads the current versions (one query on a small table) and an entry of
//   other versions is made again. The versions are read before the answer is made, so an entry
//   is never older than the versions it is filed under;
// - time: prices follow the VAT rates in force, which change at their effective dates with no
//   write; an entry of the catalogue holds only until the next such instant.
// Access and input validation run before the handler, hence before the cache.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context';
import type { DataScope, DataVersions } from '../db/data-versions';
import { nextRateStatusChange } from '../domain/vat';
import { loadRates } from '../services/billing/vat-rates';
import type { OperationId, Reply } from '../api/types';
import { COMPRESSION_THRESHOLD } from './compression';
import type { Handler } from './types';

type OperationRequest<K extends OperationId> = Parameters<Handler<K>>[0];

/**
 * Makes an operation's answer; `at`: the instant it is made for (prices at the VAT rates in
 * force then).
 */
type Make<K extends OperationId, T> = (request: OperationRequest<K>, at: Date) => Promise<T>;

/**
 * What a paged list service returns: one page, and how many in all (X-Total-Count); `capped`:
 * more rows match than `total` (db/search.ts COUNT_CAP), said by X-Total-Count-Capped: true.
 */
interface Page<K extends OperationId> {
  items: Reply<K>;
  total: number;
  capped?: boolean;
}

type Encoding = 'br' | 'gzip';

interface Entry {
  /** The data versions of the entry's scopes when it was made. */
  versions: string;
  /** Epoch ms from which the answer may differ with no write (Infinity: never). */
  validUntil: number;
  body: Buffer;
  total: string | undefined;
  /** The total is a floor (X-Total-Count-Capped: true). */
  capped: boolean;
  /** Compressed forms, made on first demand. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sent (`true`) when X-Total-Count is the cap, not the number of matching rows. */
const CAPPED_HEADER = 'X-Total-Count-Capped';

/**
 * The same bytes as @fastify/compress makes (its default options, http/compression.ts), once
 * per entry instead of once per answer.
 */
const COMPRESSORS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
};

/**
 * The encoding @fastify/compress would choose for this Accept-Encoding, among the two an entry
 * keeps (same library, same aliases: `*` and x-gzip count as gzip); undefined for neither.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const normalised = header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  return negotiate<Encoding>(normalised, ['br', 'gzip']) ?? undefined;
}

/**
 * The body as Fastify would serialise it: the route's serializer for the status and JSON (from
 * the contract's response schema), else JSON.stringify.
 */
function serialized(reply: FastifyReply, body: unknown): Buffer {
  const serialize = reply.getSerializationFunction(String(reply.statusCode), 'application/json');
  return Buffer.from(serialize ? serialize(body as Record<string, unknown>) : JSON.stringify(body));
}

const entrySize = (key: string, entry: Entry) =>
  key.length +
  entry.body.length +
  (entry.compressed.br?.length ?? 0) +
  (entry.compressed.gzip?.length ?? 0) +
  // The entry's object and strings, roughly: keeps a flood of tiny answers bounded too.
  200;

export interface ListCache {
  /** The handler of a list operation: the answer `make` makes, sent again while still right. */
  handler<K extends OperationId>(
    operationId: K,
    scopes: DataScope[],
    make: Make<K, Reply<K>>,
  ): Handler<K>;
  /** The same for a paged list. */
  page<K extends OperationId>(
    operationId: K,
    scopes: DataScope[],
    make: Make<K, Page<K>>,
  ): Handler<K>;
}

/** A body and, for a page, its X-Total-Count and whether that is capped. */
interface Answer {
  body: unknown;
  total?: number;
  capped?: boolean;
}

export function createListCache(ctx: AppContext, versions: DataVersions): ListCache {
  const cachedHandler = answers(ctx, versions);
  return {
    handler: (operationId, scopes, make) =>
      cachedHandler(operationId, scopes, async (request, at) => ({
        body: await make(request, at),
      })),
    page: (operationId, scopes, make) =>
      cachedHandler(operationId, scopes, async (request, at) => {
        const { items, total, capped } = await make(request, at);
        return { body: items, total, capped };
      }),
  };
}

/** The handler of an operation whose answers `make` makes: through the cache unless it is off. */
function answers(ctx: AppContext, versions: DataVersions) {
  const maxSize = ctx.config.listCacheMb * 1024 * 1024;
  const entries =
    maxSize === 0
      ? undefined
      : new LRUCache<string, Entry>({ maxSize, sizeCalculation: (e, k) => entrySize(k, e) });
  async function versionsOf(scopes: DataScope[]): Promise<string> {
    const row = await versions.current();
    return scopes.map((s) => String(row[s])).join(':');
  }

  /** Until when an answer made at `at` holds with no write. */
  async function validUntil(scopes: DataScope[], at: Date): Promise<number> {
    if (!scopes.includes('catalogue')) return Infinity;
    return nextRateStatusChange((await loadRates(ctx.db)).values(), at);
  }

  function send(
    entries: LRUCache<string, Entry>,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    entry: Entry,
  ) {
    reply.header('content-type', JSON_TYPE);
    if (entry.total !== undefined) reply.header('X-Total-Count', entry.total);
    if (entry.capped) reply.header(CAPPED_HEADER, 'true');
    const encoding =
      entry.body.length >= COMPRESSION_THRESHOLD &&
      request.headers['x-no-compression'] === undefined
        ? negotiateEncoding(request.headers['accept-encoding'])
        : undefined;
    if (encoding === undefined) return reply.send(entry.body);
    let bytes = entry.compressed[encoding];
    if (!bytes) {
      bytes = COMPRESSORS[encoding](entry.body);
      entry.compressed[encoding] = bytes;
      // Filed again so that its size counts the new form.
      if (entries.peek(key) === entry) entries.set(key, entry);
    }
    // As @fastify/compress does; its own hook lets an answer already encoded through.
    const vary = reply.getHeader('vary');
    reply.header(
      'vary',
      vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`,
    );
    reply.header('content-encoding', encoding);
    return reply.send(bytes);
  }

  return <K extends OperationId>(
      operationId: K,
      scopes: DataScope[],
      make: Make<K, Answer>,
    ): Handler<K> =>
    async (request, reply) => {
      if (!entries) {
        const { body, total, capped } = await make(request, ctx.now());
        if (total !== undefined) reply.header('X-Total-Count', String(total));
        if (capped) reply.header(CAPPED_HEADER, 'true');
        return body as Reply<K>;
      }
      const key = `${operationId}?${JSON.stringify(Object.entries(request.query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
      const stamp = await versionsOf(scopes);
      const at = ctx.now();
      const held = entries.get(key);
      if (held && held.versions === stamp && at.getTime() < held.validUntil) {
        return send(entries, request, reply, key, held);
      }
      const [{ body, total, capped }, until] = await Promise.all([
        make(request, at),
        validUntil(scopes, at),
      ]);
      const entry: Entry = {
        versions: stamp,
        validUntil: until,
        body: serialized(reply, body),
        total: total === undefined ? undefined : String(total),
        capped: capped === true,
        compressed: {},
      };
      entries.set(key, entry);
      return send(entries, request, reply, key, entry);
    };
}
