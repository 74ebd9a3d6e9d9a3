import type { AdminPermission, AdminRole } from '@generated/model';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { MULTIPART, MULTIPART_TYPE, type Operation } from '../../contract';
import { contract, contractViolations } from '../contract';
import { requests, STORY_RUN_HEADER } from '../recorder';
import { permissionsOf, roleRefusal } from '../../server/src/domain/roles';
import { accessRefusal } from './access';

/**
 * Handler paths start with a wildcard origin, so they match the relative URLs of the browser
 * (Storybook, dev:mock) and jsdom as well as the absolute ones of Node tests.
 */
export const API = '*/api/v1';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Call {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: unknown;
}
export type Reply = (call: Call) => Response | Promise<Response>;

export interface Endpoint<A extends unknown[]> {
  /** Success: the data to answer with (defaults to the fixtures). */
  (...args: A): HttpHandler;
  /** An error answer `{detail}` (FastAPI shape); `detail` may be a string or a 422 issue list. */
  error(status?: number, detail?: unknown): HttpHandler;
  /** Never answers: the screen stays in its loading state. */
  loading(): HttpHandler;
  /** The connection fails (axios: status 0 'Network error'). */
  networkError(): HttpHandler;
  /** Success after `ms` milliseconds (to see a pending state, then the result). */
  delayed(ms: number, ...args: A): HttpHandler;
  /** Any other answer. */
  reply(reply: Reply): HttpHandler;
  readonly method: Method;
  readonly path: string;
  /** The contract operation this endpoint answers. */
  readonly operation: Operation;
}

const DEFAULT_DETAIL: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Not enough permissions',
  404: 'Not found',
  409: 'Conflict',
  422: 'Validation error',
  429: 'Too many requests',
  500: 'Internal server error',
};

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (type.includes('multipart/form-data')) {
    const form = await request.clone().formData();
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of form.entries()) {
      const text = typeof value === 'string' ? value : value.name;
      const previous = fields[name];
      fields[name] = previous === undefined ? text : [previous, text].flat();
    }
    return fields;
  }
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The contract operation an MSW path pattern stands for (`:id` ↔ `{id}`, names may differ). */
function operationOf(method: Method, path: string): Operation {
  const segments = `/api/v1${path}`.replace(/\/+$/, '').split('/');
  const found = contract.operations.find(
    (op) =>
      op.method === method.toUpperCase() &&
      op.segments.length === segments.length &&
      op.segments.every((template, i) => {
        const actual = segments[i] as string;
        return template.startsWith('{') ? actual.startsWith(':') : template === actual;
      }),
  );
  if (!found) throw new Error(`No operation of the contract is ${method.toUpperCase()} ${path}`);
  return found;
}

async function readResponseBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the handler factories of one operation. */
export function endpoint<A extends unknown[]>(
  method: Method,
  path: string,
  success: (...args: A) => Reply,
): Endpoint<A> {
  const operation = operationOf(method, path);
  const make = (reply: Reply): HttpHandler =>
    http[method](API + path, async ({ request, params: rawParams }) => {
      const url = new URL(request.url);
      // Answer only what the server routes to this operation: `/variants/bulk/inventory` is not
      // `/variants/{id}/inventory` (the request falls through to the next handler).
      if (contract.matchOperation(request.method, url.pathname)?.operation !== operation)
        return undefined;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(rawParams))
        params[name] = Array.isArray(value) ? value.join('/') : String(value);
      const contentType = request.headers.get('content-type');
      const multipart = (contentType ?? '').toLowerCase().startsWith(MULTIPART_TYPE);
      const checked = contract.validateRequest({
        method: request.method,
        url: request.url,
        contentType,
        body: multipart ? MULTIPART : await request.clone().text(),
      });
      const body = await readBody(request);
      const sentIn = request.headers.get(STORY_RUN_HEADER);
      requests.record(
        {
          method: request.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          params,
          body,
          authorization: request.headers.get('authorization'),
        },
        sentIn === null ? undefined : Number(sentIn),
      );
      // Access first, as the server: a caller it refuses learns nothing about the input.
      const refusal = accessRefusal(operation.operationId, request.headers.get('authorization'));
      if (refusal)
        return HttpResponse.json(
          { detail: refusal.detail },
          {
            status: refusal.status,
            headers: refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {},
          },
        );
      const where = { method: request.method, url: url.pathname + url.search };
      if (!checked.ok) {
        // What the server would answer, and a failing story / test.
        contractViolations.report({
          kind: 'request',
          ...where,
          message: `the server refuses it with ${checked.status}: ${JSON.stringify(checked.detail)}`,
        });
        return HttpResponse.json({ detail: checked.detail }, { status: checked.status });
      }
      const response = await reply({ request, url, params, body });
      if (response.type !== 'error') {
        const problem = contract.validateResponse(
          operation.operationId,
          response.status,
          await readResponseBody(response),
          Object.fromEntries(response.headers),
        );
        if (problem) contractViolations.report({ kind: 'response', ...where, message: problem });
      }
      return response;
    });

  const factory = ((...args: A) => make(success(...args))) as Endpoint<A>;
  return Object.assign(factory, {
    error: (status = 500, detail: unknown = DEFAULT_DETAIL[status] ?? `HTTP ${status}`) =>
      make(() => HttpResponse.json({ detail }, { status })),
    loading: () =>
      make(async () => {
        await delay('infinite');
        return HttpResponse.json(null);
      }),
    networkError: () => make(() => HttpResponse.error()),
    delayed: (ms: number, ...args: A) => {
      const reply = success(...args);
      return make(async (call) => {
        await delay(ms);
        return reply(call);
      });
    },
    reply: make,
    method,
    path,
    operation,
  });
}

/* Small answer helpers shared by the resources. */

export const json = (data: unknown, status = 200) => HttpResponse.json(data as never, { status });
export const noContent = () => new HttpResponse(null, { status: 204 });
export const notFound = (what = 'Not found') =>
  HttpResponse.json({ detail: what }, { status: 404 });

/**
 * `answer()` for an admin whose role holds `permission` (the operation's, in the server's own
 * role matrix), else the server's 403 "Your role (<role>) does not allow this action".
 */
export const forPermission = <R extends Response | Promise<Response>>(
  permission: AdminPermission,
  role: AdminRole,
  answer: () => R,
): R | Response =>
  permissionsOf(role).includes(permission) ? answer() : json({ detail: roleRefusal(role) }, 403);

/**
 * GET of a skip/limit list over `fixtures` (filtered by `spec`), asked by an admin of `role`:
 * 403 for the roles without `permission`. Its factory takes the items and the role.
 */
export function adminListEndpoint<T>(
  path: string,
  spec: ListSpec<T>,
  permission: AdminPermission,
  fixtures: readonly T[],
) {
  return endpoint(
    'get',
    path,
    (items: readonly T[] = fixtures, role: AdminRole = 'super_admin') =>
      ({ url }) =>
        forPermission(permission, role, () =>
          pagedList(queryItems(items, url.searchParams, spec), url),
        ),
  );
}

/**
 * The server's count of a search stops at this many matches (server/src/db/search.ts
 * COUNT_CAP): above it X-Total-Count is this number and X-Total-Count-Capped is true.
 */
const SEARCH_COUNT_CAP = 1000;

/**
 * A skip/limit list: the page of items plus X-Total-Count (docs/product.md §7 conventions); with
 * `countCap`, more items than that answer the cap, marked X-Total-Count-Capped.
 */
export function pagedList<T>(items: readonly T[], url: URL, countCap?: number): Response {
  const skip = Number(url.searchParams.get('skip') ?? 0) || 0;
  const limit = Number(url.searchParams.get('limit') ?? 100) || 100;
  const capped = countCap !== undefined && items.length > countCap;
  return HttpResponse.json(items.slice(skip, skip + limit) as never, {
    headers: capped
      ? { 'X-Total-Count': String(countCap), 'X-Total-Count-Capped': 'true' }
      : { 'X-Total-Count': String(items.length) },
  });
}

/** The item with the path's id in a list, else 404; a single object is answered as is. */
export function byId<T extends { id: number }>(
  source: T | readonly T[],
  id: string | undefined,
  what: string,
): Response {
  const found = Array.isArray(source)
    ? (source as readonly T[]).find((item) => String(item.id) === id)
    : (source as T);
  return found ? json(found) : notFound(`${what} not found`);
}

export const now = () => new Date().toISOString();
let nextId = 1000;
/** Ids for created records, far from the fixtures' ones. */
export const newId = () => ++nextId;

/**
 * What a list operation of the contract does with its query, for `queriedList`: the texts
 * `search` looks in, the filters by parameter name, and the values of each `sort` key.
 */
export interface ListSpec<T> {
  search?: (item: T) => readonly (string | null | undefined)[];
  filters?: Record<string, (item: T, value: string) => boolean>;
  /** A null value sorts last in either direction (as `stock` of the products list). */
  sortKeys?: Record<string, (item: T) => string | number | null>;
  /** Breaks ties of a sort, in the same direction; by default the id (as the contract says). */
  tieBreak?: (item: T) => string | number;
  /** The `sort` the operation applies when none is asked (its contract default). */
  defaultSort?: string;
  /** The count of a search stops at SEARCH_COUNT_CAP, as the server's (X-Total-Count-Capped). */
  capsSearchCount?: boolean;
}

/** The count cap of this query under `spec`: SEARCH_COUNT_CAP with a search, if it caps. */
export const countCapOf = <T>(query: URLSearchParams, spec: ListSpec<T>): number | undefined =>
  spec.capsSearchCount && query.get('search')?.trim() ? SEARCH_COUNT_CAP : undefined;

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const idOf = (item: unknown) =>
  typeof item === 'object' && item !== null && 'id' in item ? Number(item.id) : 0;

/**
 * The items a list operation answers for this query (docs/product.md §7 and the contract):
 * `search` (trimmed, case-insensitive substring of any of the spec's texts), every filter given
 * (AND), then `sort` (`key` ascending, `-key` descending, ties by `tieBreak`); without `sort`,
 * the spec's `defaultSort`, else the items stay in their order.
 */
export function queryItems<T>(items: readonly T[], query: URLSearchParams, spec: ListSpec<T>): T[] {
  const needle = query.get('search')?.trim().toLowerCase();
  const filters = Object.entries(spec.filters ?? {}).flatMap(([name, test]) => {
    const value = query.get(name);
    return value === null ? [] : [(item: T) => test(item, value)];
  });
  const found = items.filter(
    (item) =>
      (!needle ||
        (spec.search?.(item) ?? []).some((text) => text?.toLowerCase().includes(needle))) &&
      filters.every((test) => test(item)),
  );
  const sort = query.get('sort') ?? spec.defaultSort;
  const key = sort?.replace(/^-/, '');
  const value = key ? spec.sortKeys?.[key] : undefined;
  if (!value) return found;
  const direction = sort!.startsWith('-') ? -1 : 1;
  const tie = spec.tieBreak ?? idOf;
  return found.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null)
      return x === y ? direction * compare(tie(a), tie(b)) : x === null ? 1 : -1;
    return direction * (compare(x, y) || compare(tie(a), tie(b)));
  });
}
