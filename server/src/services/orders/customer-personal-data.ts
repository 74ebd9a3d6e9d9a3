// A person's data (issue #29 part 2; Tunisia's organic law 2004-63 and the GDPR): everything the
// shop holds about them (exportAdminCustomer) and their erasure (eraseAdminCustomer).
//
// domain/personal-data.ts lists the tables that can name a person (the export gives them all,
// the erase treats them all) and, with the reason, the other tables with a personal-looking
// column; routes/customer-people.test.ts checks both lists against the live schema.
//
// What erase keeps: issued invoices and credit notes, as issued (the buyer's name, address and
// tax identifier frozen in their content). Tunisian law has the books and their supporting
// documents kept for 10 years (income and corporate tax code art. 62 §IV; law 96-112 of 30
// December 1996 on company accounting, art. 25) and a document, once issued, is never changed
// (docs/product.md "Customers as people"). The orders keep their
// amounts, lines and status, so stock, payments and documents still reconcile; only who the
// buyer was is replaced.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { conflict, invalid } from '../../api/problem';
import { json } from '../../api/present';
import type { Schemas } from '../../api/types';
import { csvStream, type CsvDownload } from '../platform/csv-export';
import type { AuditActor } from '../platform/audit';
import { normaliseEmail } from '../platform/text-input';
import { MAIL_JOB } from '../identity/magic-links';
import {
  ERASE_CONFIRMATION_MISMATCH,
  erasureRefused,
  PERSONAL_TABLES,
  type PersonalTable,
} from '../../domain/personal-data';
import {
  containsAny,
  openOrdersOf,
  ordersOf,
  recordCustomerAudit,
  resolvePerson,
  type Person,
} from './customer-records';

/** Columns never exported: secrets, not data about the person. */
const SECRET_COLUMNS = new Set(['token_hash', 'sealed_token', 'password_hash']);

type Row = Record<string, unknown>;

const withoutSecrets = (rows: readonly Row[]): Row[] =>
  rows.map((row) => {
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) {
      if (SECRET_COLUMNS.has(k)) continue;
      // JSON columns (addresses, frozen invoices, audit changes) are given as the data they hold.
      out[k] = typeof v === 'string' && /^[[{]/.test(v) ? json<unknown>(v, v) : v;
    }
    return out;
  });

/** Ids as numbers, whatever the driver returns. */
const ids = (rows: readonly { id: unknown }[]) => rows.map((r) => Number(r.id));

/** Mail jobs addressed to the e-mail (magic links; order e-mails name their order instead). */
async function mailJobsOf(db: Db, emailKey: string): Promise<Row[]> {
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', MAIL_JOB)
    .where(containsAny('payload', [emailKey]))
    .execute();
  return rows.filter((r) => {
    const to = json<{ to?: unknown }>(r.payload, {}).to;
    return typeof to === 'string' && normaliseEmail(to) === emailKey;
  });
}

/** The rows of every personal table about the person. */
async function personalRows(db: Db, person: Person): Promise<Record<PersonalTable, Row[]>> {
  const { account, emailKey } = person;
  const accountId = account ? Number(account.id) : -1;
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where(ordersOf(person))
    .orderBy('id')
    .execute();
  const orderIds = ids(orders);
  const inOrders = orderIds.length > 0 ? orderIds : [-1];
  const carts = await db
    .selectFrom('carts')
    .selectAll()
    .where('customer_id', '=', accountId)
    .execute();
  const drafts = await db
    .selectFrom('draft_orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', accountId),
        eb(eb.fn('lower', [eb.fn('trim', ['guest_email'])]), '=', emailKey),
      ]),
    )
    .execute();
  const returns = await db
    .selectFrom('order_returns')
    .selectAll()
    .where('order_id', 'in', inOrders)
    .execute();
  // The tables below share the columns queried; one typed name stands for each (same SQL).
  type OrderChild =
    | 'order_items'
    | 'order_status_history'
    | 'order_notes'
    | 'order_edits'
    | 'order_shipments'
    | 'order_payments'
    | 'order_emails'
    | 'invoices';
  const byOrder = async (table: OrderChild): Promise<Row[]> =>
    db
      .selectFrom(table as 'order_notes')
      .selectAll()
      .where('order_id', 'in', inOrders)
      .orderBy('id')
      .execute();
  const ofCustomer = async (table: 'auth_sessions' | 'refresh_tokens'): Promise<Row[]> =>
    db
      .selectFrom(table as 'auth_sessions')
      .selectAll()
      .where('user_type', '=', 'customer')
      .where('user_id', '=', accountId)
      .execute();
  const draftIds = ids(drafts);
  return {
    customers: account ? [account] : [],
    addresses: await db
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', accountId)
      .execute(),
    carts,
    cart_items:
      carts.length > 0
        ? await db.selectFrom('cart_items').selectAll().where('cart_id', 'in', ids(carts)).execute()
        : [],
    magic_link_tokens: await db
      .selectFrom('magic_link_tokens')
      .selectAll()
      .where('email', '=', emailKey)
      .execute(),
    auth_sessions: await ofCustomer('auth_sessions'),
    refresh_tokens: await ofCustomer('refresh_tokens'),
    orders,
    order_items: await byOrder('order_items'),
    order_status_history: await byOrder('order_status_history'),
    order_notes: await byOrder('order_notes'),
    order_edits: await byOrder('order_edits'),
    order_shipments: await byOrder('order_shipments'),
    order_returns: returns,
    order_return_lines:
      returns.length > 0
        ? await db
            .selectFrom('order_return_lines')
            .selectAll()
            .where('return_id', 'in', ids(returns))
            .execute()
        : [],
    order_payments: await byOrder('order_payments'),
    order_emails: await byOrder('order_emails'),
    invoices: await byOrder('invoices'),
    draft_orders: drafts,
    draft_order_lines:
      draftIds.length > 0
        ? await db
            .selectFrom('draft_order_lines')
            .selectAll()
            .where('draft_order_id', 'in', draftIds)
            .execute()
        : [],
    customer_notes: await db
      .selectFrom('customer_notes')
      .selectAll()
      .where('email_key', '=', emailKey)
      .execute(),
    customer_overview: await db
      .selectFrom('customer_overview')
      .selectAll()
      .where('email_key', '=', emailKey)
      .execute(),
    jobs: await mailJobsOf(db, emailKey),
    audit_log: await db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('entity', '=', 'customer'), eb('label', '=', person.key)]),
          ...(account
            ? [eb.and([eb('entity', '=', 'customer'), eb('entity_id', '=', accountId)])]
            : []),
          eb.and([eb('entity', '=', 'order'), eb('entity_id', 'in', inOrders)]),
        ]),
      )
      .orderBy('id')
      .execute(),
  };
}

export type CustomerExportFile =
  | { format: 'json'; fileName: string; body: Schemas['CustomerExport'] }
  | { format: 'csv'; download: CsvDownload };

/** exportAdminCustomer: the person's rows as JSON or as table,row,field,value CSV; audited. */
export async function exportAdminCustomer(
  ctx: Pick<AppContext, 'db' | 'now'>,
  key: string,
  format: Schemas['CustomerExportFormat'],
  actor: AuditActor,
): Promise<CustomerExportFile> {
  const now = ctx.now();
  const { person, tables } = await ctx.db.transaction().execute(async (trx) => {
    const person = await resolvePerson(trx, key);
    const rows = await personalRows(trx, person);
    const tables = Object.fromEntries(
      PERSONAL_TABLES.map((t) => [t, withoutSecrets(rows[t])]),
    ) as Record<PersonalTable, Row[]>;
    await recordCustomerAudit(trx, actor, person, { action: 'export', after: { format } }, now);
    return { person, tables };
  });
  const fileName = `customer-${person.key}.${format}`;
  if (format === 'json') {
    return {
      format,
      fileName,
      body: { key: person.key, email: person.emailKey, exported_at: now.toISOString(), tables },
    };
  }
  const records: (string | number | null)[][] = [];
  for (const table of PERSONAL_TABLES) {
    tables[table].forEach((row, i) => {
      for (const [field, value] of Object.entries(row)) {
        records.push([
          table,
          i + 1,
          field,
          value === null || typeof value !== 'object'
            ? (value as string | number | null)
            : JSON.stringify(value),
        ]);
      }
    });
  }
  return {
    format,
    download: {
      fileName,
      total: records.length,
      body: csvStream({
        total: records.length,
        columns: ['table', 'row', 'field', 'value'],
        pages: [records],
      }),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Erase

const ERASED_NAME = { first_name: 'Erased', last_name: 'customer' } as const;
const ERASED_TEXT = '[erased]';
const ERASED_PHONE = '000000';

/** Every string value of a JSON value (or a plain text) with the needles replaced. */
function scrub(value: unknown, needles: readonly RegExp[]): unknown {
  if (typeof value === 'string') return needles.reduce((s, n) => s.replace(n, ERASED_TEXT), value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, needles));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, needles)]));
  }
  return value;
}

/** A stored text scrubbed: JSON texts value by value (their form unchanged), others as text. */
function scrubText(text: string | null, needles: readonly RegExp[]): string | null {
  if (text === null) return null;
  if (/^[[{]/.test(text)) {
    try {
      return JSON.stringify(scrub(JSON.parse(text), needles));
    } catch {
      // Not JSON after all: scrubbed as text below.
    }
  }
  return scrub(text, needles) as string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts that name the person: e-mails, names, phones, address lines (3 characters or more). */
function needlesOf(rows: Record<PersonalTable, Row[]>, emailKey: string): string[] {
  const found = new Set<string>([emailKey]);
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.trim().length >= 3) found.add(v.trim());
  };
  const addressFields = [
    'first_name',
    'last_name',
    'company',
    'street_address',
    'apartment',
    'phone',
    'email',
  ];
  for (const row of [...rows.customers, ...rows.addresses, ...rows.customer_notes]) {
    for (const f of [...addressFields, 'company_name']) add(row[f]);
  }
  for (const order of rows.orders) {
    const address = json<Row>(String(order.shipping_address), {});
    for (const f of addressFields) add(address[f]);
    add(order.customer_email);
  }
  for (const draft of rows.draft_orders) {
    add(draft.guest_name);
    add(draft.guest_phone);
    add(draft.guest_email);
  }
  // Longest first, so "Jane Doe" goes before "Jane".
  return [...found].sort((a, b) => b.length - a.length);
}

type Erasure = Schemas['CustomerErasure'];

/**
 * eraseAdminCustomer: in one transaction, deletes what is the person's own, replaces who they
 * were in what the shop must keep, and records an entry without their data. 409 while an order
 * of theirs is open; 422 unless confirm_email is their e-mail.
 */
export async function eraseAdminCustomer(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'now'>,
  key: string,
  body: Schemas['CustomerEraseRequest'],
  actor: AuditActor,
): Promise<Erasure> {
  const now = ctx.now();
  const at = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const person = await resolvePerson(trx, key);
    if (normaliseEmail(body.confirm_email) !== person.emailKey) {
      throw invalid(['body', 'confirm_email'], ERASE_CONFIRMATION_MISMATCH);
    }
    if (ctx.dialect === 'postgres' && person.account) {
      await trx
        .selectFrom('customers')
        .select('id')
        .where('id', '=', person.account.id)
        .forUpdate()
        .execute();
    }
    const open = await openOrdersOf(trx, person);
    if (open.length > 0) {
      throw conflict(erasureRefused(open));
    }
    const rows = await personalRows(trx, person);
    // Whole words only, so a short name does not eat into other words ("Ali" in "quality").
    const needles = needlesOf(rows, person.emailKey).map(
      (n) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'giu'),
    );
    const like = needlesOf(rows, person.emailKey);
    // A reserved domain (RFC 2606 .invalid) that no mail can reach, unique to this erase so two
    // erased people do not merge into one customer.
    const placeholder = `erased-${randomBytes(4).toString('hex')}@erased.invalid`;
    const orderIds = ids(rows.orders as { id: unknown }[]);

    for (const order of rows.orders) {
      const address = json<Row>(String(order.shipping_address), {});
      await trx
        .updateTable('orders')
        .set({
          // An order another account placed for this e-mail stays that account's.
          ...(person.account ? { customer_id: null } : {}),
          customer_email: placeholder,
          vat_number: null,
          notes: null,
          shipping_address: JSON.stringify({
            ...ERASED_NAME,
            company: null,
            street_address: ERASED_TEXT,
            apartment: null,
            city: ERASED_TEXT,
            state: null,
            postal_code: ERASED_TEXT,
            // The country stays: it decided the VAT of the order, which its figures keep.
            country: address.country ?? '',
            // The contract's phone pattern: digits only.
            phone: ERASED_PHONE,
            email: placeholder,
          }),
          updated_at: at,
        })
        .where('id', '=', Number(order.id))
        .execute();
    }
    if (orderIds.length > 0) {
      await trx
        .updateTable('order_emails')
        .set({ recipient: placeholder })
        .where('order_id', 'in', orderIds)
        .execute();
    }
    // Free texts staff or the buyer wrote about the orders, and the audit log.
    const texts = [
      ['order_status_history', 'note', rows.order_status_history],
      ['order_notes', 'note', rows.order_notes],
      ['order_edits', 'changes', rows.order_edits],
      ['order_returns', 'reason', rows.order_returns],
    ] as const;
    for (const [table, column, list] of texts) {
      for (const row of list) {
        const before = row[column] as string | null;
        const after = scrubText(before, needles);
        if (after !== before) {
          await trx
            .updateTable(table)
            .set({ [column]: after } as never)
            .where('id', '=', Number(row.id))
            .execute();
        }
      }
    }
    const audited = await trx
      .selectFrom('audit_log')
      .select(['id', 'label', 'changes', 'entity'])
      .where((eb) =>
        eb.or([
          containsAny('changes', like),
          containsAny('label', like),
          eb('id', 'in', [-1, ...ids(rows.audit_log as { id: unknown }[])]),
        ]),
      )
      .execute();
    for (const entry of audited) {
      await trx
        .updateTable('audit_log')
        .set({
          label: entry.entity === 'customer' ? ERASED_TEXT : scrubText(entry.label, needles),
          changes: scrubText(entry.changes, needles) ?? '[]',
        })
        .where('id', '=', entry.id)
        .execute();
    }

    // What is the person's own goes.
    const mailJobs = ids(rows.jobs as { id: unknown }[]);
    if (mailJobs.length > 0) await trx.deleteFrom('jobs').where('id', 'in', mailJobs).execute();
    const draftIds = ids(rows.draft_orders as { id: unknown }[]);
    if (draftIds.length > 0) {
      await trx.deleteFrom('draft_order_lines').where('draft_order_id', 'in', draftIds).execute();
      await trx.deleteFrom('draft_orders').where('id', 'in', draftIds).execute();
    }
    await trx.deleteFrom('customer_notes').where('email_key', '=', person.emailKey).execute();
    await trx.deleteFrom('magic_link_tokens').where('email', '=', person.emailKey).execute();
    if (person.account) {
      const id = Number(person.account.id);
      for (const table of ['refresh_tokens', 'auth_sessions'] as const) {
        await trx
          .deleteFrom(table)
          .where('user_type', '=', 'customer')
          .where('user_id', '=', id)
          .execute();
      }
      const carts = ids(rows.carts as { id: unknown }[]);
      if (carts.length > 0) {
        await trx.deleteFrom('cart_items').where('cart_id', 'in', carts).execute();
        await trx.deleteFrom('carts').where('id', 'in', carts).execute();
      }
      await trx.deleteFrom('addresses').where('customer_id', '=', id).execute();
      await trx.deleteFrom('customers').where('id', '=', id).execute();
    }
    const erasure: Erasure = {
      placeholder_email: placeholder,
      orders_anonymised: orderIds.length,
      invoices_kept: rows.invoices.length,
    };
    const entry = { action: 'delete', label: placeholder, before: { ...erasure } } as const;
    await recordCustomerAudit(trx, actor, person, entry, now);
    return erasure;
  });
}
