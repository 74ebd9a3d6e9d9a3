// Customers as people (issue #29 part 2): who a customer key names, what the shop knows about
// them (getAdminCustomer) and what staff may change (updateAdminCustomer).
//
// A person is their normalised e-mail (trimmed, lower case: the orders' shipping_email_key):
// - with a customer account of that e-mail, key `a<account id>`; their orders are those the
//   account placed and those shipped to the e-mail;
// - else a guest, key `g<e-mail in base64url>`; their orders are those shipped to the e-mail.
// Staff notes and tags, and a guest's corrected name and phone, live in customer_notes (032) by
// the same e-mail, so they follow a guest who later opens an account.
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { CustomerRow, Database } from '../../db/schema';
import { toBool } from '../../db/bool';
import { json, money } from '../../api/present';
import { invalid, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { recordAudit, type AuditActor, type AuditEntry } from '../platform/audit';
import { optionalText, requiredText } from '../platform/text-input';
import { postalFields } from './checkout';

type CustomerDetail = Schemas['CustomerDetail'];
type ShippingAddress = Schemas['ShippingAddress'];

const CUSTOMER_NOT_FOUND = 'Customer not found';
/** Statuses of an order still being worked on: its customer cannot be erased yet. */
const OPEN_STATUSES = ['pending', 'confirmed', 'processing'] as const;
const ORDERS_SHOWN = 50;
/** The most recent orders whose shipping addresses the detail offers (distinct, 10 at most). */
const ADDRESS_SCAN = 200;
const ORDER_ADDRESSES = 10;

/** Who a key names. */
export interface Person {
  key: string;
  account: CustomerRow | null;
  /** The normalised e-mail. */
  emailKey: string;
}

/**
 * The audit entry of what was done to a person: entity 'customer', the account's id (null for a
 * guest), labelled by the key unless `entry` names it otherwise.
 */
export function recordCustomerAudit(
  trx: Db,
  actor: AuditActor,
  person: Person,
  entry: Omit<AuditEntry, 'entity' | 'entity_id'>,
  now: Date,
): Promise<void> {
  const entityId = person.account ? Number(person.account.id) : null;
  return recordAudit(
    trx,
    actor,
    { entity: 'customer', entity_id: entityId, label: person.key, ...entry },
    now,
  );
}

/** The key of the person with this normalised e-mail, and their account id if any. */
export const customerKey = (emailKey: string, accountId: number | null): string =>
  accountId === null ? `g${Buffer.from(emailKey, 'utf8').toString('base64url')}` : `a${accountId}`;

/** The e-mail a guest key encodes; null when it is not one a guest key is made from. */
function guestEmail(key: string): string | null {
  const email = Buffer.from(key.slice(1), 'base64url').toString('utf8');
  return customerKey(email, null) === key && email === email.trim().toLowerCase() && email !== ''
    ? email
    : null;
}

/** The person of a key, or 404. A guest key whose e-mail now has an account names the account. */
export async function resolvePerson(db: Db, key: string): Promise<Person> {
  if (key.startsWith('a')) {
    const account = await db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', Number(key.slice(1)))
      .executeTakeFirst();
    if (!account) throw notFound(CUSTOMER_NOT_FOUND);
    return { key, account, emailKey: account.email.trim().toLowerCase() };
  }
  const emailKey = guestEmail(key);
  if (emailKey === null) throw notFound(CUSTOMER_NOT_FOUND);
  const account = await db
    .selectFrom('customers')
    .selectAll()
    .where('email', '=', emailKey)
    .executeTakeFirst();
  if (account) return { key: customerKey(emailKey, account.id), account, emailKey };
  const known = await db
    .selectFrom('orders')
    .select('id')
    .where('shipping_email_key', '=', emailKey)
    .union(
      db
        .selectFrom('customer_notes')
        .select(sql<number>`1`.as('id'))
        .where('email_key', '=', emailKey),
    )
    .limit(1)
    .executeTakeFirst();
  if (!known) throw notFound(CUSTOMER_NOT_FOUND);
  return { key, account: null, emailKey };
}

/** The person's orders: shipped to their e-mail, or placed by their account. */
export const ordersOf =
  (person: Person) =>
  (eb: ExpressionBuilder<Database, 'orders'>): ReturnType<typeof eb.or> =>
    eb.or([
      eb('orders.shipping_email_key', '=', person.emailKey),
      ...(person.account ? [eb('orders.customer_id', '=', person.account.id)] : []),
    ]);

const normaliseTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/** Tags trimmed, inner spaces collapsed, lower-cased, without blanks or repeats, in order. */
function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normaliseTag).filter((t) => t !== ''))];
}

function presentPostal(address: ShippingAddress): Schemas['CustomerPostalAddress'] {
  return {
    source: 'order',
    ...postalFields(address),
    country: address.country,
    phone: address.phone ?? null,
    is_default: false,
  };
}

/** What the detail page shows about the person (see the contract's CustomerDetail). */
async function customerDetail(db: Db, person: Person): Promise<CustomerDetail> {
  const { account, emailKey } = person;
  const [totals, orders, recent, book, notes] = await Promise.all([
    db
      .selectFrom('orders')
      .where(ordersOf(person))
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number | null>('total_amount').as('total'),
        eb.fn
          .sum<number | null>(
            sql`case when status in ('pending', 'confirmed', 'processing') then 1 else 0 end`,
          )
          .as('open'),
        eb.fn.min<string | null>('created_at').as('first'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .where(ordersOf(person))
      .select(['id', 'order_number', 'status', 'payment_status', 'total_amount', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ORDERS_SHOWN)
      .execute(),
    db
      .selectFrom('orders')
      .where(ordersOf(person))
      .select(['shipping_address', 'customer_type', 'vat_number', 'customer_country_code'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ADDRESS_SCAN)
      .execute(),
    account
      ? db
          .selectFrom('addresses')
          .selectAll()
          .where('customer_id', '=', account.id)
          .orderBy('is_default', 'desc')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('customer_notes')
      .selectAll()
      .where('email_key', '=', emailKey)
      .executeTakeFirst(),
  ]);
  const shipped = recent.map((o) =>
    json<ShippingAddress>(o.shipping_address, {} as ShippingAddress),
  );
  const latest = recent[0];
  const latestAddress = shipped[0];
  const seen = new Set<string>();
  const orderAddresses: Schemas['CustomerPostalAddress'][] = [];
  for (const address of shipped) {
    const postal = presentPostal(address);
    const id = JSON.stringify(postal);
    if (seen.has(id)) continue;
    seen.add(id);
    orderAddresses.push(postal);
    if (orderAddresses.length === ORDER_ADDRESSES) break;
  }
  const guestName = (field: 'first_name' | 'last_name') =>
    notes?.[field] ?? optionalText(latestAddress?.[field]);
  return {
    key: person.key,
    kind: account ? 'account' : 'guest',
    account_id: account ? Number(account.id) : null,
    email: account?.email ?? latestAddress?.email?.trim() ?? emailKey,
    first_name: account ? account.first_name : guestName('first_name'),
    last_name: account ? account.last_name : guestName('last_name'),
    phone: account ? account.phone : (notes?.phone ?? optionalText(latestAddress?.phone)),
    customer_type: account?.customer_type ?? latest?.customer_type ?? 'individual',
    company_name: account ? account.company_name : optionalText(latestAddress?.company),
    vat_number: account ? account.vat_number : optionalText(latest?.vat_number),
    country_code: account?.country_code ?? latest?.customer_country_code ?? '',
    addresses: [
      ...book.map((a) => ({
        source: 'address_book' as const,
        first_name: a.first_name,
        last_name: a.last_name,
        company: a.company,
        street_address: a.street_address,
        apartment: a.apartment,
        city: a.city,
        state: a.state,
        postal_code: a.postal_code,
        country: a.country,
        phone: a.phone,
        is_default: toBool(a.is_default),
      })),
      ...orderAddresses,
    ],
    orders: orders.map((o) => ({
      id: Number(o.id),
      order_number: o.order_number,
      status: o.status,
      payment_status: o.payment_status,
      total_amount: money(o.total_amount),
      created_at: o.created_at,
    })),
    order_count: Number(totals.n),
    total_spent: money(Number(totals.total ?? 0)),
    open_order_count: Number(totals.open ?? 0),
    notes: notes?.notes ?? null,
    tags: json<string[]>(notes?.tags ?? '[]', []),
    created_at: account?.created_at ?? totals.first ?? notes?.created_at ?? '',
    last_order_date: orders[0]?.created_at ?? null,
  };
}

/** getAdminCustomer. */
export async function getAdminCustomer(db: Db, key: string): Promise<CustomerDetail> {
  return customerDetail(db, await resolvePerson(db, key));
}

type Update = Schemas['AdminCustomerUpdate'];

/** What an update sets, normalised; undefined: left unchanged. */
function normaliseUpdate(body: Update) {
  const name = (field: 'first_name' | 'last_name') => {
    const value = body[field];
    return value === undefined || value === null ? value : requiredText(value, field);
  };
  return {
    first_name: name('first_name'),
    last_name: name('last_name'),
    phone: body.phone === undefined ? undefined : optionalText(body.phone),
    notes: body.notes === undefined ? undefined : optionalText(body.notes),
    tags: body.tags === undefined ? undefined : normaliseTags(body.tags),
  };
}

const defined = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * updateAdminCustomer: an account's name and phone in its profile, a guest's with the notes;
 * notes and tags with the notes. One audit entry lists every field changed.
 */
export async function updateAdminCustomer(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'now'>,
  key: string,
  body: Update,
  actor: AuditActor,
): Promise<CustomerDetail> {
  const values = normaliseUpdate(body);
  if (values.notes && values.notes.length > 2000) {
    throw invalid(['body', 'notes'], 'Notes must be at most 2000 characters');
  }
  const person = await ctx.db.transaction().execute(async (trx) => {
    const person = await resolvePerson(trx, key);
    const now = ctx.now();
    const at = now.toISOString();
    const notesRow = await trx
      .selectFrom('customer_notes')
      .selectAll()
      .where('email_key', '=', person.emailKey)
      .executeTakeFirst();
    const before = {
      first_name: person.account ? person.account.first_name : (notesRow?.first_name ?? null),
      last_name: person.account ? person.account.last_name : (notesRow?.last_name ?? null),
      phone: person.account ? person.account.phone : (notesRow?.phone ?? null),
      notes: notesRow?.notes ?? null,
      tags: json<string[]>(notesRow?.tags ?? '[]', []),
    };
    const profile = defined({
      first_name: values.first_name,
      last_name: values.last_name,
      phone: values.phone,
    });
    const kept = defined({
      ...(person.account ? {} : profile),
      notes: values.notes,
      tags: values.tags === undefined ? undefined : JSON.stringify(values.tags),
    });
    if (person.account && Object.keys(profile).length > 0) {
      await trx
        .updateTable('customers')
        .set({ ...profile, updated_at: at })
        .where('id', '=', person.account.id)
        .execute();
    }
    if (Object.keys(kept).length > 0) {
      await trx
        .insertInto('customer_notes')
        .values({ email_key: person.emailKey, ...kept, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('email_key').doUpdateSet({ ...kept, updated_at: at }))
        .execute();
    }
    const after = { ...before, ...defined(values) };
    await recordCustomerAudit(trx, actor, person, { action: 'update', before, after }, now);
    return person;
  });
  return getAdminCustomer(ctx.db, person.key);
}

/** Orders of the person still open, oldest first, as "ORD-… (pending)". */
export async function openOrdersOf(db: Db, person: Person): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .where(ordersOf(person))
    .where('status', 'in', [...OPEN_STATUSES])
    .select(['order_number', 'status'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.order_number} (${r.status})`);
}

/** A where on rows whose text column contains one of the needles, case-insensitively. */
export function containsAny(column: string, needles: readonly string[]) {
  const escape = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`(${sql.join(
    needles.map((n) => sql`lower(${sql.ref(column)}) like ${`%${escape(n)}%`} escape '\\'`),
    sql` or `,
  )})`;
}
