// The audit log: who wrote what, when, with each changed field before and after. Every admin
// write calls recordAudit, the one way to write an entry (one or many), with the transaction it
// writes in, so the entry commits or rolls back with the write; auditEntries builds the entries
// of one action on rows of a kind. Values are given as the contract writes
// them (money "12.500", booleans, ids), never database forms; fields that hold secrets are
// recorded as changed without their values.
import { sql, type Selectable, type SqlBool } from 'kysely';
import { invalid } from '../../api/problem';
import { json } from '../../api/present';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import type { AdminUserRow, Database } from '../../db/schema';
import { equalTo, newestFirst, selectedPage, type ListSelection } from '../../db/search';
import type { JobLog } from '../../jobs/worker';

export type AuditEntity = Schemas['AuditEntity'];
export type AuditAction = Schemas['AuditAction'];
type AuditChange = Schemas['AuditChange'];
/** Who wrote: the signed-in admin (null for the server itself, e.g. a seed or a sweep). */
export type AuditActor = Pick<AdminUserRow, 'id' | 'username'> | null;
type Values = Readonly<Record<string, unknown>>;

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entity_id: number | null;
  /** A human name of the entity at the time (product name, SKU, username). */
  label?: string | null;
  /** The entity's fields before the write (null or absent for a create). */
  before?: Values | null;
  /** The entity's fields after the write (null or absent for a delete). */
  after?: Values | null;
}

/** Fields whose values never reach the log (passwords, their hashes, tokens, keys). */
const SECRET_FIELD = /password|secret|token|hash|api_key|private_key/i;
const REDACTED = '[redacted]';
/** Bookkeeping every write moves: the entry's own time says when. */
const UNRECORDED = new Set(['created_at', 'updated_at']);

function normalise(value: unknown): unknown {
  return value === undefined ? null : value;
}

/**
 * The fields that differ between before and after (a create: every field after; a delete:
 * every field before), in the order they first appear; values compared by their JSON form.
 */
function auditChanges(before: Values | null | undefined, after: Values | null | undefined) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (UNRECORDED.has(field)) continue;
    const b = before ? normalise(before[field]) : null;
    const a = after ? normalise(after[field]) : null;
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changes.push(
      SECRET_FIELD.test(field)
        ? { field, before: b === null ? null : REDACTED, after: a === null ? null : REDACTED }
        : { field, before: b, after: a },
    );
  }
  return changes;
}

function row(actor: AuditActor, entry: AuditEntry, at: string) {
  return {
    created_at: at,
    admin_user_id: actor?.id ?? null,
    admin_username: actor?.username ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    label: entry.label ?? null,
    changes: JSON.stringify(auditChanges(entry.before, entry.after)),
  };
}

/** Rows per INSERT: far below SQLite's 32,766 bound parameters at 8 columns a row. */
const BATCH = 500;

/**
 * Records one write or many in the log, inside the caller's transaction. An update that changed
 * nothing records nothing (a create or delete is always recorded).
 */
export async function recordAudit(
  trx: Db,
  actor: AuditActor,
  entries: AuditEntry | readonly AuditEntry[],
  now: Date = new Date(),
): Promise<void> {
  const list: readonly AuditEntry[] = isEntryList(entries) ? entries : [entries];
  const at = now.toISOString();
  const rows = list
    .map((entry) => row(actor, entry, at))
    .filter((r, i) => list[i]!.action !== 'update' || r.changes !== '[]');
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

// Array.isArray does not narrow a readonly array out of a union.
const isEntryList = (
  entries: AuditEntry | readonly AuditEntry[],
): entries is readonly AuditEntry[] => Array.isArray(entries);

/** How the log shows rows of one kind: as the contract presents them (with their id), named. */
export interface AuditKind<R, V extends { id: number }> {
  entity: AuditEntity;
  view: (row: R) => V;
  label: (value: V) => string | null;
}

/**
 * The entries of one action on rows of a kind, each shown as the contract presents it: a
 * create's `after`, a delete's `before`, an update's both in the same order.
 */
export function auditEntries<R, V extends { id: number }>(
  kind: AuditKind<R, V>,
  action: AuditAction,
  rows: { before?: readonly R[]; after?: readonly R[] },
): AuditEntry[] {
  const before = rows.before?.map(kind.view);
  const after = rows.after?.map(kind.view);
  const named = after ?? before ?? [];
  return named.map((value, i) => ({
    action,
    entity: kind.entity,
    entity_id: value.id,
    label: kind.label(value),
    before: before?.[i] ?? null,
    after: after?.[i] ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Reading the log

export interface AuditQuery {
  entity?: AuditEntity | undefined;
  entity_id?: number | undefined;
  admin_user_id?: number | undefined;
  action?: AuditAction | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  skip: number;
  limit: number;
}

/** Entries store their time as toISOString() text, so the bounds are compared in that form. */
const isoBound = (value: string | undefined) =>
  value === undefined ? undefined : new Date(value).toISOString();

function auditSelection(db: Db, q: AuditQuery): ListSelection {
  if (q.entity_id !== undefined && q.entity === undefined) {
    throw invalid(['query', 'entity_id'], 'entity_id needs entity');
  }
  const from = isoBound(q.date_from);
  const to = isoBound(q.date_to);
  if (from !== undefined && to !== undefined && from > to) {
    throw invalid(['query', 'date_to'], 'date_to must not be before date_from');
  }
  return newestFirst(db, 'audit_log', [
    ...equalTo('entity', q.entity),
    ...equalTo('entity_id', q.entity_id),
    ...equalTo('admin_user_id', q.admin_user_id),
    ...equalTo('action', q.action),
    ...(from === undefined ? [] : [sql<SqlBool>`${sql.ref('created_at')} >= ${from}`]),
    ...(to === undefined ? [] : [sql<SqlBool>`${sql.ref('created_at')} <= ${to}`]),
  ]);
}

/** One page of the log, newest first, and the number of entries under the filters. */
export async function listAuditLog(
  db: Db,
  q: AuditQuery,
): Promise<{ items: Schemas['AuditEntry'][]; total: number }> {
  const { rows, total } = await selectedPage(
    db.selectFrom('audit_log').selectAll(),
    auditSelection(db, q),
    q,
  );
  return { items: rows.map(presentAuditEntry), total };
}

/** An entry as the log presents it (listAuditLog, the dashboard's Recent Activity). */
export function presentAuditEntry(r: Selectable<Database['audit_log']>): Schemas['AuditEntry'] {
  // The columns are the entry's fields; the texts are the contract's enums (written above).
  return {
    ...r,
    action: r.action as AuditAction,
    entity: r.entity as AuditEntity,
    changes: json<AuditChange[]>(r.changes, []),
  };
}

// ---------------------------------------------------------------------------------------------
// Retention

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries older than `days` before `now`; resolves with how many. */
export async function deleteExpiredAudit(db: Db, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('audit_log')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How often the server deletes expired entries. */
export const AUDIT_RETENTION_JOB = { kind: 'audit.retention', everyMs: DAY_MS } as const;

/**
 * The `audit.retention` job (daily, once per day whatever the number of instances): deletes the
 * expired entries, logs how many and resolves with it.
 */
export function auditRetentionJob(options: {
  db: Db;
  days: number;
  now: () => Date;
  log: Pick<JobLog, 'info'>;
}): () => Promise<number> {
  return async () => {
    const deleted = await deleteExpiredAudit(options.db, options.days, options.now());
    if (deleted > 0) options.log.info({ deleted }, 'Deleted expired audit log entries');
    return deleted;
  };
}
