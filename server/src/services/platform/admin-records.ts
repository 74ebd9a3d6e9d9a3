// The steps the admin's audited CRUD services share (discounts, shipping zones and methods): the
// 404 of a missing id, a write read back as the API shows it, and one audit entry per write
// with the record as it was before and after. Each service keeps its own rules and columns.
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { AdminUserRow, Database } from '../../db/schema';
import { notFound } from '../../api/problem';
import { auditEntries, recordAudit, type AuditKind } from './audit';

type Admin = Pick<AdminUserRow, 'id' | 'username'>;
type Trx = Transaction<Database>;

/** How one kind of record is read: its row by id, that row as the API shows it, its audit. */
interface RecordKind<Row, T, V extends { id: number }> {
  find: (db: Db, id: number) => Promise<Row | undefined>;
  present: (db: Db, row: Row) => Promise<T>;
  /** The detail of the 404 of an id that names no record. */
  notFound: string;
  audit: AuditKind<T, V>;
}

/** The audited reads and writes of one kind of record (each write inside the caller's `trx`). */
export function adminRecords<Row, T, V extends { id: number }>(kind: RecordKind<Row, T, V>) {
  /** The record of `id`, both as stored and as the API shows it; a 404 when there is none. */
  async function found(db: Db, id: number): Promise<{ row: Row; record: T }> {
    const row = await kind.find(db, id);
    if (!row) throw notFound(kind.notFound);
    return { row, record: await kind.present(db, row) };
  }
  return {
    /** The record of `id` as the API shows it; a 404 when there is none. */
    get: async (db: Db, id: number): Promise<T> => (await found(db, id)).record,

    /** The record `id` just inserted, as the API shows it, audited as created. */
    async created(trx: Trx, id: number, admin: Admin, at: Date): Promise<T> {
      const { record } = await found(trx, id);
      await recordAudit(trx, admin, auditEntries(kind.audit, 'create', { after: [record] }), at);
      return record;
    },

    /**
     * Changes the record `id` by `write` (given the record before, to check the patch as the
     * whole result), then reads it back and audits the change; a 404 when there is none.
     */
    async update(
      trx: Trx,
      id: number,
      admin: Admin,
      at: Date,
      write: (before: T) => Promise<void>,
    ): Promise<T> {
      const { record: before } = await found(trx, id);
      await write(before);
      const { record: after } = await found(trx, id);
      const entries = auditEntries(kind.audit, 'update', { before: [before], after: [after] });
      await recordAudit(trx, admin, entries, at);
      return after;
    },

    /**
     * Deletes the record `id` by `remove` (which first throws the 409 of a record that must
     * stay), audited with the record as it was; a 404 when there is none.
     */
    async delete(
      trx: Trx,
      id: number,
      admin: Admin,
      at: Date,
      remove: (row: Row) => Promise<void>,
    ): Promise<void> {
      const { row, record: before } = await found(trx, id);
      await remove(row);
      await recordAudit(trx, admin, auditEntries(kind.audit, 'delete', { before: [before] }), at);
    },
  };
}

/** Link rows grouped by their owner's id: the linked ids of each owner, in the rows' order. */
export function linkedIds<R extends Record<O | L, number>, O extends keyof R, L extends keyof R>(
  rows: readonly R[],
  owner: O,
  linked: L,
): Map<number, number[]> {
  const byOwner = new Map<number, number[]>();
  for (const row of rows) {
    const ids = byOwner.get(row[owner]);
    if (ids) ids.push(row[linked]);
    else byOwner.set(row[owner], [row[linked]]);
  }
  return byOwner;
}
