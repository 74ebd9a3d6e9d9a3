// Migration 037: the reports' scan of a period of documents walks an index on issued_at, the
// documents already issued get their books summary from their content, and going down drops
// both.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema';
import { booksSummaryOf } from '../../domain/books';
import { documentRow, sale, saleInvoice, saleLine } from '../../../test-support/books';
import { atMigration, insertBareOrder, testDialects } from '../../../test-support/databases';

/** The names of the indexes of `invoices`. */
async function invoiceIndexes(db: Kysely<Database>, dialect: string): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'invoices'`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'invoices'`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe.each(testDialects)('migration 037_books on %s', (dialect) => {
  it('indexes the documents by issue time', async () => {
    await atMigration(dialect, '036_teif', async (db, migrator) => {
      expect(await invoiceIndexes(db, dialect)).not.toContain('invoices_issued_at');
      const orderId = await insertBareOrder(db, 'ORD-20261001-0001');
      const content = saleInvoice(
        sale({ lines: [saleLine(10_000, 1900, 2)], shipping: 7_000 }),
        orderId,
        { number: 'INV-2026-000001', issuedAt: '2026-10-05T09:00:00.000Z' },
      );
      // The row as written before 037: without the summary.
      const { books_summary, ...before } = documentRow(content);
      expect(books_summary).not.toBeNull();
      await db.insertInto('invoices').values(before).execute();
      expect((await migrator.migrateTo('037_books')).error).toBeUndefined();
      const [row] = await db.selectFrom('invoices').select('books_summary').execute();
      expect(JSON.parse(row?.books_summary ?? 'null')).toEqual(booksSummaryOf(content));
      expect(booksSummaryOf(content)).toMatchObject({
        kind: 'invoice',
        total_excl_vat: '27.000',
        total_vat: '5.130',
        vat_breakdown: [{ vat_rate: 19, taxable_amount: '27.000', vat_amount: '5.130' }],
      });
      expect(await invoiceIndexes(db, dialect)).toContain('invoices_issued_at');
      if (dialect === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan
          select id from invoices where issued_at >= ${'2026-10-31T23:00:00.000Z'}
          and issued_at < ${'2026-11-30T23:00:00.000Z'}`.execute(db);
        expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/INDEX invoices_issued_at/);
      }
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await invoiceIndexes(db, dialect)).not.toContain('invoices_issued_at');
    });
  });
});
