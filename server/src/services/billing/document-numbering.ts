// The numbering rules a settings save is checked against (domain/document-prefixes.ts): what
// the prefixes and time zone become must never make an invoice and a credit note share a
// number, so a refused save answers 422 on the field now instead of a 500 at a later issue.
//
// Documents issued from now on carry a year ≥ the current year in the (new) shop time zone, as
// the clock does not go back; a collision needs a document of the other kind with the same
// prefix and year, so the check looks at the other kind's documents of that year or later (a
// year ahead is possible after a change of time zone). Issuing reads the settings under a
// shared lock on PostgreSQL (loadShopSettings share) and the save holds the row for update, so
// no document is issued with the old prefixes between this check and the save's commit; SQLite
// runs one writing transaction at a time.
import { sql } from 'kysely';
import { conflict, invalid } from '../../api/problem';
import type { Db } from '../../db/database';
import {
  prefixTakenIssue,
  samePrefixIssue,
  type DocumentKind,
} from '../../domain/document-prefixes';
import { yearIn } from '../../domain/invoice';

interface Numbering {
  invoice_prefix: string;
  credit_note_prefix: string;
  time_zone: string;
}

/** Length of "<year>-<6 digits>" after the prefix. */
const TAIL = 11;

/** The last year (≥ `from`) in which documents of `kind` are numbered with `prefix`, or null. */
async function lastYearNumberedWith(
  db: Db,
  kind: DocumentKind,
  prefix: string,
  from: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('year').as('year'))
    .where('kind', '=', kind)
    .where('year', '>=', from)
    .where(sql<string>`substr(number, 1, ${prefix.length})`, '=', prefix)
    .where(sql<number>`length(number)`, '=', prefix.length + TAIL)
    .executeTakeFirst();
  return row?.year == null ? null : Number(row.year);
}

/**
 * 422 on the field when `next` (the settings after the save) could number two documents alike.
 * `sent` says which prefix the save sends, to put the refusal on the field the admin changed.
 */
export async function checkNumbering(
  db: Db,
  next: Numbering,
  sent: { invoice_prefix: boolean; credit_note_prefix: boolean },
  now: Date,
): Promise<void> {
  const same = samePrefixIssue(next.invoice_prefix, next.credit_note_prefix);
  if (same) {
    throw invalid(
      ['body', sent.credit_note_prefix ? 'credit_note_prefix' : 'invoice_prefix'],
      same,
    );
  }
  const year = yearIn(next.time_zone, now);
  const checks: [DocumentKind, string, DocumentKind][] = [
    ['invoice', next.invoice_prefix, 'credit_note'],
    ['credit_note', next.credit_note_prefix, 'invoice'],
  ];
  for (const [kind, prefix, other] of checks) {
    const last = await lastYearNumberedWith(db, other, prefix, year);
    if (last !== null) {
      const field = kind === 'invoice' ? 'invoice_prefix' : 'credit_note_prefix';
      throw invalid(['body', field], prefixTakenIssue(kind, prefix, other, last));
    }
  }
}

/**
 * The last guard at issue: a number already taken (settings saved before these rules, e.g. equal
 * prefixes) is a 409 saying what to change, never the UNIQUE violation's 500.
 */
export async function assertNumberFree(db: Db, number: string): Promise<void> {
  const taken = await db
    .selectFrom('invoices')
    .select('kind')
    .where('number', '=', number)
    .executeTakeFirst();
  if (taken) {
    throw conflict(
      `Number ${number} is already used by another document: change the invoice or credit-note prefix in the settings so that they differ`,
    );
  }
}
