/**
 * The answers every record resource gives the same way (get by id, skip/limit list, create,
 * update, 204 delete), built on `endpoint` so each keeps its contract checks.
 */
import {
  byId,
  countCapOf,
  endpoint,
  json,
  newId,
  noContent,
  notFound,
  now,
  pagedList,
  queryItems,
  type Call,
  type ListSpec,
  type Method,
} from './endpoint';

type Params = Call['params'];

/** GET <path>: `answer` for `items` (default: the fixtures) and the request's query. */
export const listOf = <T>(
  path: string,
  fixtures: readonly T[],
  answer: (items: readonly T[], query: URLSearchParams, url: URL) => Response,
) =>
  endpoint(
    'get',
    path,
    (items: readonly T[] = fixtures) =>
      ({ url }) =>
        answer(items, url.searchParams, url),
  );

/** GET <path>: a skip/limit page of `items` (default: the fixtures) with X-Total-Count. */
export const pagedListOf = <T>(path: string, fixtures: readonly T[]) =>
  listOf(path, fixtures, (items, _query, url) => pagedList(items, url));

/**
 * GET <path>: the page the contract's list operation answers for the request's search, filters,
 * sort and skip/limit (see `queryItems`), with X-Total-Count.
 */
export const queriedListOf = <T>(path: string, fixtures: readonly T[], spec: ListSpec<T>) =>
  listOf(path, fixtures, (items, query, url) =>
    pagedList(queryItems(items, query, spec), url, countCapOf(query, spec)),
  );

/**
 * <method> <path>: what `answer` makes of two lists, each the fixtures unless a story gives
 * others; for a rule that reads a second resource (a shipping method's zones, a webhook
 * endpoint's deliveries).
 */
export const withTwoLists = <A, B>(
  method: Method,
  path: string,
  fixtures: readonly [readonly A[], readonly B[]],
  answer: (first: readonly A[], second: readonly B[], call: Call) => Response,
) =>
  endpoint(
    method,
    path,
    (first: readonly A[] = fixtures[0], second: readonly B[] = fixtures[1]) =>
      (call) =>
        answer(first, second, call),
  );

/** GET <path>: one record, the fixture unless the story gives another. */
export const single = <T>(path: string, fixture: T) =>
  endpoint(
    'get',
    path,
    (record: T = fixture) =>
      () =>
        json(record),
  );

/** GET <path with :id>: a record, or the one with that id in a list (else 404 '<what> not found'). */
export const getById = <T extends { id: number }>(
  path: string,
  fixtures: readonly T[],
  what: string,
) =>
  endpoint(
    'get',
    path,
    (source: T | readonly T[] = fixtures) =>
      ({ params }) =>
        byId(source, params.id, what),
  );

/**
 * POST <path> (201): `result`, or the record `build` makes from the call with a new id and
 * fresh timestamps.
 */
export const create = <T>(path: string, build: (call: Call) => object) =>
  endpoint(
    'post',
    path,
    (result?: T) => (call) =>
      json(result ?? { ...build(call), id: newId(), created_at: now(), updated_at: now() }, 201),
  );

/**
 * PATCH <path>: `result`, or the `current` record with the body's `changes` applied; 404
 * '<what> not found' when there is none (an id the fixtures do not have, as the server answers).
 */
export const update = <T>(
  path: string,
  current: (params: Params) => T | undefined,
  what: string,
  changes: (body: unknown) => object = (body) => body as object,
) =>
  endpoint('patch', path, (result?: T) => ({ params, body }) => {
    if (result !== undefined) return json(result);
    const record = current(params);
    return record === undefined
      ? notFound(`${what} not found`)
      : json({ ...record, ...changes(body), updated_at: now() });
  });

/** The record with the path's id among `records`, else undefined (the server's 404). */
export const findById = <T extends { id: number | string }>(
  records: readonly T[],
  id: string | undefined,
): T | undefined => records.find((record) => String(record.id) === id);

/**
 * DELETE <path with :id> (204) of one of `records` (default: the fixtures); 404 '<what> not
 * found' for another id, as the server answers. A story deleting its own records passes them.
 */
export const remove = <T extends { id: number | string }>(
  path: string,
  fixtures: readonly T[],
  what: string,
) =>
  endpoint(
    'delete',
    path,
    (records: readonly T[] = fixtures) =>
      ({ params }) =>
        findById(records, params.id) ? noContent() : notFound(`${what} not found`),
  );
