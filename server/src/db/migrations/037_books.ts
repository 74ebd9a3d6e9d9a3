// The accountant's books (#30; docs/product.md §10.27): the VAT return and the sales register
// read the invoices and credit notes issued in a period (invoices.issued_at in [start, end) of
// the shop's days).
// - An index on issued_at: without it each report scanned every document ever issued.
// - invoices.books_summary: what the books read of a document (domain/books.ts BooksSummary),
//   written at issue beside the frozen content (services/billing/invoices.ts) and filled here
//   from the content of the documents already issued. A month of 20k documents then decodes 20k
//   small summaries instead of 20k whole contents (bench/reports.bench.ts measured 1.3 s for
//   the VAT return of such a month from the contents). A row without one (written by other
//   means) is read from its content, which holds the same fields.
import type { Kysely, Migration } from 'kysely';
import { booksSummaryOf, type BooksSummary } from '../../domain/books';
import { indexColumn } from './helpers';

/** Rows filled per query. */
const BATCH = 500;

interface Row {
  id: number;
  content: string;
}

export function books(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await indexColumn(db, 'invoices', 'issued_at');
      await db.schema.alterTable('invoices').addColumn('books_summary', 'text').execute();
      const invoices = db as unknown as Kysely<{
        invoices: Row & { books_summary: string | null };
      }>;
      for (let after = 0; ;) {
        const rows = await invoices
          .selectFrom('invoices')
          .select(['id', 'content'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          const summary = booksSummaryOf(JSON.parse(row.content) as BooksSummary);
          await invoices
            .updateTable('invoices')
            .set({ books_summary: JSON.stringify(summary) })
            .where('id', '=', row.id)
            .execute();
        }
        const last = rows.at(-1);
        if (!last || rows.length < BATCH) break;
        after = Number(last.id);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('invoices').dropColumn('books_summary').execute();
      await db.schema.dropIndex('invoices_issued_at').execute();
    },
  };
}
