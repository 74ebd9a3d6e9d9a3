// The audit log: who wrote what, when, with each changed field before and after. Every admin
// write calls recordAudit (or recordAudits for many rows) with the transaction it writes in,
// so the entry commits or rolls back with the write. Values are given as the contract writes
// them (money "12.500", booleans, ids), never database forms; fields that hold secrets are
// recorded as changed without their values.
import type { Schemas } from '../api/types';
import type { Db } from '../db/database';
import type { AdminUserRow } from '../db/schema';

export type AuditEntity = Schemas['AuditEntity'];
export type AuditAction = Schemas['AuditAction'];
export type AuditChange = Schemas['AuditChange'];
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

function normalise(value: unknown): unknown {
  return value === undefined ? null : value;
}

/**
 * The fields that differ between before and after (a create: every field after; a delete:
 * every field before), in the order they first appear; values compared by their JSON form.
 */
export function auditChanges(before: Values | null | undefined, after: Values | null | undefined) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
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
 * Records writes in the log, inside the caller's transaction. An update that changed nothing
 * records nothing (a create or delete is always recorded).
 */
export async function recordAudits(
  trx: Db,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const rows = entries
    .map((entry) => row(actor, entry, at))
    .filter((r, i) => entries[i]!.action !== 'update' || r.changes !== '[]');
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

export function recordAudit(
  trx: Db,
  actor: AuditActor,
  entry: AuditEntry,
  now?: Date,
): Promise<void> {
  return recordAudits(trx, actor, [entry], now);
}
