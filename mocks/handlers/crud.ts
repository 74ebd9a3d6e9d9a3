/**
 * The answers every record resource gives the same way (get by id, skip/limit list, create,
 * update, 204 delete), built on `endpoint` so each keeps its contract checks.
 */
import {
  byId,
  endpoint,
  json,
  newId,
  noContent,
  now,
  pagedList,
  queryItems,
  type Call,
  type ListSpec,
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
  listOf(path, fixtures, (items, query, url) => pagedList(queryItems(items, query, spec), url));

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

/** PATCH <path>: `result`, or the `current` record with the body's `changes` applied. */
export const update = <T>(
  path: string,
  current: (params: Params) => T,
  changes: (body: unknown) => object = (body) => body as object,
) =>
  endpoint(
    'patch',
    path,
    (result?: T) =>
      ({ params, body }) =>
        json(result ?? { ...current(params), ...changes(body), updated_at: now() }),
  );

/** DELETE <path> (204). */
export const remove = (path: string) => endpoint('delete', path, () => () => noContent());

/** The fixture with the path's id, else the first one (the mocks answer every id). */
export const findOrFirst =
  <T extends { id: number }>(fixtures: readonly T[]) =>
  (id: string | undefined): T =>
    fixtures.find((record) => String(record.id) === id) ?? fixtures[0]!;
