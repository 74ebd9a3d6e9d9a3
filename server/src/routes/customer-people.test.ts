// Customers as people (issue #29 part 2): getAdminCustomer, updateAdminCustomer,
// exportAdminCustomer and eraseAdminCustomer, on both databases. The export and the erase are
// checked against the live schema: every table with a column that can name a person is either
// exported and erased, or listed with a reason; after an erase, no text column of any table but
// the issued documents holds the person's name, e-mail, phone or street, and the documents are
// byte-identical.
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectStatus, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertOrder } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import {
  addToCart,
  placeOrder,
  POSTAL_ADDRESS,
  shippingAddress,
  useShop,
} from '../../test-support/shop';
import { PERSONAL_DATA_FREE, PERSONAL_TABLES } from '../domain/personal-data';
import { deleteAll } from '../../test-support/fixtures';

const CUSTOMERS = '/api/v1/admin/customers/';
type Detail = Schemas['CustomerDetail'];

/** Who the tests erase: strings found nowhere else in the fixtures. */
const PERSON = {
  email: 'zoubeida.trabelsi@example.tn',
  first_name: 'Zoubeida',
  last_name: 'Trabelsi',
  phone: '+216 98 765 432',
  street_address: '17 Rue Ibn Khaldoun',
};
/** Someone else, who must be left as they are. */
const OTHER = { email: 'karim@example.tn', first_name: 'Karim', street: '3 Rue de Rome' };

/** Columns that can name a person, by their name. */
const PERSONAL_COLUMN =
  /(^|_)(email|phone|first_name|last_name|full_name|guest_name|shipping_name|address|street_address|recipient|customer_id|user_id|vat_number|company|company_name)$/;

const guestKey = (email: string) => `g${Buffer.from(email, 'utf8').toString('base64url')}`;

describe.each(testDialects)('customers as people (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const support = useAdminAccount(t, 'support');
  const admin = useAdminAccount(t, 'admin');
  const db = () => t.database.db;
  let session = 0;

  beforeEach(async () => {
    await deleteAll(db(), ['customer_notes', 'audit_log', 'magic_link_tokens', 'jobs']);
    await resetShopSettings(db());
    await completeShopSettings(db());
  });

  const get = (key: string, headers = support.headers) =>
    t.request('getAdminCustomer', { method: 'GET', url: `${CUSTOMERS}${key}`, headers });
  const patch = (key: string, payload: object, headers = support.headers) =>
    t.request('updateAdminCustomer', {
      method: 'PATCH',
      url: `${CUSTOMERS}${key}`,
      headers,
      payload,
    });
  /** The customers list as support reads it (200). */
  const listed = async () =>
    expectStatus<Schemas['CustomerOverview'][]>(
      await t.request('listAdminCustomers', {
        method: 'GET',
        url: CUSTOMERS,
        headers: support.headers,
      }),
      200,
      'listAdminCustomers',
    );
  const exportOf = (key: string, format = 'json', headers = admin.headers) =>
    t.request('exportAdminCustomer', {
      method: 'GET',
      url: `${CUSTOMERS}${key}/export?format=${format}`,
      headers,
    });
  const erase = (key: string, confirm_email: string, headers = admin.headers) =>
    t.request('eraseAdminCustomer', {
      method: 'POST',
      url: `${CUSTOMERS}${key}/erase`,
      headers,
      payload: { confirm_email },
    });
  const setStatus = (id: number, status: string) =>
    t.request('updateOrderStatus', {
      method: 'PATCH',
      url: `/api/v1/admin/orders/${id}/status`,
      headers: support.headers,
      payload: { status },
    });

  /** The person with an account, an address, a cart, a magic link, and three orders. */
  async function person() {
    const account = await shop.customer({
      email: PERSON.email,
      first_name: PERSON.first_name,
      last_name: PERSON.last_name,
      phone: PERSON.phone,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/customers/me/addresses',
          headers: account.headers,
          payload: {
            first_name: PERSON.first_name,
            last_name: PERSON.last_name,
            street_address: PERSON.street_address,
            city: 'Sfax',
            postal_code: '3000',
            country: 'TN',
            phone: PERSON.phone,
          },
        })
      ).statusCode,
    ).toBe(201);
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: 11_900 });
    const address = shippingAddress({
      email: PERSON.email,
      first_name: PERSON.first_name,
      last_name: PERSON.last_name,
      phone: PERSON.phone,
      street_address: PERSON.street_address,
    });
    // Invoiced, then cancelled: an invoice and its credit note.
    const invoiced = await placeOrder(
      t.app,
      { headers: account.headers },
      [{ productId, quantity: 2 }],
      {
        shipping_address: address,
        notes: `Call ${PERSON.first_name} on ${PERSON.phone}`,
      },
    );
    expect((await setStatus(invoiced.id, 'confirmed')).statusCode).toBe(200);
    expect(
      (
        await t.request('cancelOrder', {
          method: 'POST',
          url: `/api/v1/admin/orders/${invoiced.id}/cancel`,
          headers: support.headers,
        })
      ).statusCode,
    ).toBe(200);
    // A guest order shipped to the same e-mail, spelt otherwise, delivered long ago.
    const guest = await insertOrder(db(), {
      email: ` ${PERSON.email.toUpperCase()}`,
      status: 'delivered',
      created_at: '2025-01-01T10:00:00.000Z',
      shipping: { first_name: PERSON.first_name, last_name: PERSON.last_name, phone: PERSON.phone },
    });
    // Staff wrote about them.
    await t.request('addOrderNote', {
      method: 'POST',
      url: `/api/v1/admin/orders/${invoiced.id}/notes`,
      headers: support.headers,
      payload: { note: `${PERSON.first_name} ${PERSON.last_name} asked for a refund` },
    });
    expect(
      (await addToCart(t.app, { headers: account.headers }, { product_id: productId, quantity: 1 }))
        .statusCode,
    ).toBe(201);
    await db()
      .insertInto('magic_link_tokens')
      .values({
        email: PERSON.email,
        token_hash: 'h'.repeat(64),
        expires_at: '2099-01-01T00:00:00.000Z',
        used_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    // Someone else, who keeps everything.
    const other = await placeOrder(
      t.app,
      { session: `other-session-${++session}` },
      [{ productId, quantity: 1 }],
      {
        shipping_address: shippingAddress({
          email: OTHER.email,
          first_name: OTHER.first_name,
          street_address: OTHER.street,
        }),
      },
    );
    return { account, invoiced, guest, other, productId };
  }

  it('answers 401 without a token, 403 to inventory managers, and keeps export and erase to admins', async () => {
    const { account } = await person();
    const key = `a${account.id}`;
    expect((await t.app.inject({ method: 'GET', url: `${CUSTOMERS}${key}` })).statusCode).toBe(401);
    const inventory = await t.authAs('inventory_manager');
    expectStatus(await get(key, inventory), 403, 'getAdminCustomer');
    expectStatus(await patch(key, { notes: 'x' }, inventory), 403, 'updateAdminCustomer');
    expectStatus(await exportOf(key, 'json', support.headers), 403, 'exportAdminCustomer');
    expectStatus(await erase(key, PERSON.email, support.headers), 403, 'eraseAdminCustomer');
    expectStatus(await get(key, account.headers), 403, 'getAdminCustomer');
    const manager = await t.authAs('manager');
    expectStatus(await exportOf(key, 'json', manager), 403, 'exportAdminCustomer');
    expectStatus(await get(key, manager), 200, 'getAdminCustomer');
    expect(
      await db().selectFrom('customers').select('id').where('id', '=', account.id).execute(),
    ).toHaveLength(1);
  });

  it('keys each row of the list by its account or its e-mail, and opens the detail from the key', async () => {
    const { account, invoiced, guest } = await person();
    const list = await listed();
    expect(list.map((c) => [c.email, c.key])).toEqual(
      expect.arrayContaining([
        [PERSON.email, `a${account.id}`],
        [OTHER.email, guestKey(OTHER.email)],
      ]),
    );
    const detail = expectStatus<Detail>(await get(`a${account.id}`), 200, 'getAdminCustomer');
    expect(detail).toMatchObject({
      key: `a${account.id}`,
      kind: 'account',
      account_id: account.id,
      email: PERSON.email,
      first_name: PERSON.first_name,
      last_name: PERSON.last_name,
      phone: PERSON.phone,
      order_count: 2,
      open_order_count: 0,
      notes: null,
      tags: [],
    });
    expect(detail.orders.map((o) => o.id)).toEqual([invoiced.id, guest.id]);
    expect(detail.total_spent).toBe(
      ((Number(invoiced.total_amount) * 1000 + guest.total_amount) / 1000).toFixed(3),
    );
    expect(detail.addresses[0]).toMatchObject({
      source: 'address_book',
      street_address: PERSON.street_address,
      is_default: true,
    });
    // The guest key of an e-mail with an account names the account.
    expect(
      expectStatus<Detail>(await get(guestKey(PERSON.email)), 200, 'getAdminCustomer').key,
    ).toBe(`a${account.id}`);
    const other = expectStatus<Detail>(await get(guestKey(OTHER.email)), 200, 'getAdminCustomer');
    expect(other).toMatchObject({
      kind: 'guest',
      account_id: null,
      first_name: OTHER.first_name,
      order_count: 1,
    });
    // A guest's addresses are their orders': optional fields null, without the order's e-mail.
    expect(other.addresses).toEqual([
      {
        source: 'order',
        ...POSTAL_ADDRESS,
        first_name: OTHER.first_name,
        street_address: OTHER.street,
        company: null,
        apartment: null,
        state: null,
        is_default: false,
      },
    ]);
    expectStatus(await get(guestKey('nobody@example.tn')), 404, 'getAdminCustomer');
    expectStatus(await get('a999999'), 404, 'getAdminCustomer');
    expectStatus(await get('x1'), 422, 'getAdminCustomer');
  });

  it('edits name, phone, notes and tags, normalised and audited with the fields changed', async () => {
    const { account } = await person();
    const key = `a${account.id}`;
    const updated = expectStatus<Detail>(
      await patch(key, {
        first_name: ' Zouzou ',
        notes: ' Prefers calls after 5 pm ',
        tags: [' VIP ', 'vip', 'Late   payer'],
      }),
      200,
      'updateAdminCustomer',
    );
    expect(updated).toMatchObject({
      first_name: 'Zouzou',
      notes: 'Prefers calls after 5 pm',
      tags: ['vip', 'late payer'],
    });
    const entries = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'customer')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', entity_id: account.id, label: key });
    expect(JSON.parse(entries[0]!.changes)).toEqual([
      { field: 'first_name', before: PERSON.first_name, after: 'Zouzou' },
      { field: 'notes', before: null, after: 'Prefers calls after 5 pm' },
      { field: 'tags', before: [], after: ['vip', 'late payer'] },
    ]);
    // A guest's name and phone are kept with the notes; their orders are left as placed.
    const guest = guestKey(OTHER.email);
    expect(
      expectStatus<Detail>(
        await patch(guest, { phone: '+216 22 000 111' }),
        200,
        'updateAdminCustomer',
      ).phone,
    ).toBe('+216 22 000 111');
    expect(
      await db()
        .selectFrom('customer_notes')
        .select(['email_key', 'phone'])
        .where('email_key', '=', OTHER.email)
        .execute(),
    ).toEqual([{ email_key: OTHER.email, phone: '+216 22 000 111' }]);
    const refused = await patch(key, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expectStatus(refused, 422, 'updateAdminCustomer');
    expectStatus(await patch(key, { notes: 'x'.repeat(2001) }), 422, 'updateAdminCustomer');
    expectStatus(await patch(key, {}), 422, 'updateAdminCustomer');
    expectStatus(await patch('a999999', { notes: 'x' }), 404, 'updateAdminCustomer');
  });

  it('lists every table that can name a person, checked against the schema', async () => {
    const tables = await db().introspection.getTables();
    const unlisted = tables
      .filter((table) => table.columns.some((c) => PERSONAL_COLUMN.test(c.name)))
      .map((table) => table.name)
      .filter(
        (name) =>
          !(PERSONAL_TABLES as readonly string[]).includes(name) && !(name in PERSONAL_DATA_FREE),
      );
    expect(unlisted).toEqual([]);
    const names = new Set(tables.map((table) => table.name));
    expect(PERSONAL_TABLES.filter((name) => !names.has(name))).toEqual([]);
  });

  it('exports every personal table, without secrets, as JSON and CSV, and audits it', async () => {
    const { account, invoiced, guest } = await person();
    const key = `a${account.id}`;
    expectStatus(await patch(key, { notes: 'Good customer' }), 200, 'updateAdminCustomer');
    const res = await exportOf(key);
    const file = expectStatus<Schemas['CustomerExport']>(res, 200, 'exportAdminCustomer');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customer-${key}.json"`);
    expect(Object.keys(file.tables).sort()).toEqual([...PERSONAL_TABLES].sort());
    const filled = Object.entries(file.tables)
      .filter(([, rows]) => rows.length > 0)
      .map(([name]) => name);
    expect(filled).toEqual(
      expect.arrayContaining([
        'customers',
        'addresses',
        'carts',
        'cart_items',
        'magic_link_tokens',
        'orders',
        'order_items',
        'order_status_history',
        'order_notes',
        'invoices',
        'customer_notes',
        'customer_overview',
        'audit_log',
      ]),
    );
    expect(file.tables.orders!.map((o) => o.id)).toEqual(
      [invoiced.id, guest.id].sort((a, b) => a - b),
    );
    expect(file.tables.invoices!.map((i) => i.kind).sort()).toEqual(['credit_note', 'invoice']);
    expect(JSON.stringify(file)).not.toContain('token_hash');
    expect(file.tables.customer_notes![0]).toMatchObject({ notes: 'Good customer' });

    const csv = await exportOf(key, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('table,row,field,value');
    expect(lines).toContain(`customers,1,email,${PERSON.email}`);
    expect(csv.body).not.toContain('token_hash');
    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'label'])
      .where('action', '=', 'export')
      .execute();
    expect(audits).toEqual([
      { action: 'export', label: key },
      { action: 'export', label: key },
    ]);
  });

  it('refuses an erase while an order is open, or without the e-mail typed again', async () => {
    const { account, productId } = await person();
    const open = await placeOrder(
      t.app,
      { headers: account.headers },
      [{ productId, quantity: 1 }],
      {
        shipping_address: shippingAddress({ email: PERSON.email }),
      },
    );
    const key = `a${account.id}`;
    const refused = expectStatus<{ detail: string }>(
      await erase(key, PERSON.email),
      409,
      'eraseAdminCustomer',
    );
    expect(refused.detail).toBe(
      `The customer cannot be erased while an order is open: ${open.order_number} (pending). Deliver, cancel or refund it first.`,
    );
    const wrong = expectStatus<Schemas['ValidationErrorBody']>(
      await erase(key, 'someone@example.tn'),
      422,
      'eraseAdminCustomer',
    );
    expect(wrong.detail[0]).toMatchObject({
      loc: ['body', 'confirm_email'],
      msg: "This is not the customer's e-mail address",
    });
    expect(
      await db().selectFrom('customers').select('id').where('id', '=', account.id).execute(),
    ).toHaveLength(1);
  });

  it('erases the person everywhere but in the issued documents, which stay byte-identical', async () => {
    const { account, invoiced, other } = await person();
    const key = `a${account.id}`;
    expectStatus(
      await patch(key, { notes: `${PERSON.first_name} is lovely`, tags: ['vip'] }),
      200,
      'updateAdminCustomer',
    );
    const documentsBefore = await db().selectFrom('invoices').selectAll().orderBy('id').execute();
    const sums = () =>
      db()
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('total_amount').as('total'),
          eb.fn.sum<number>('vat_amount').as('vat'),
        ])
        .executeTakeFirstOrThrow();
    const itemsBefore = await db().selectFrom('order_items').selectAll().orderBy('id').execute();
    const totalsBefore = await sums();

    const erasure = expectStatus<Schemas['CustomerErasure']>(
      await erase(key, ` ${PERSON.email.toUpperCase()} `),
      200,
      'eraseAdminCustomer',
    );
    expect(erasure).toMatchObject({ orders_anonymised: 2, invoices_kept: 2 });
    expect(erasure.placeholder_email).toMatch(/^erased-[0-9a-f]{8}@erased\.invalid$/);

    // No text anywhere but in the documents names them.
    const needles = [
      PERSON.email,
      PERSON.first_name,
      PERSON.last_name,
      PERSON.phone,
      PERSON.street_address,
    ].map((n) => n.toLowerCase());
    const found: string[] = [];
    for (const table of await db().introspection.getTables()) {
      if (table.name === 'invoices') continue;
      for (const column of table.columns) {
        const rows = await sql<{
          v: unknown;
        }>`select ${sql.ref(column.name)} as v from ${sql.table(table.name)}`.execute(db());
        for (const { v } of rows.rows) {
          const text =
            typeof v === 'string'
              ? v.toLowerCase()
              : Buffer.isBuffer(v)
                ? ''
                : String(v).toLowerCase();
          for (const n of needles)
            if (text.includes(n)) found.push(`${table.name}.${column.name}: ${n}`);
        }
      }
    }
    expect(found).toEqual([]);
    // The documents are as issued, and still name the buyer.
    expect(await db().selectFrom('invoices').selectAll().orderBy('id').execute()).toEqual(
      documentsBefore,
    );
    expect(documentsBefore.map((d) => d.content).join()).toContain(PERSON.last_name);
    // The orders keep their figures and lines; someone else's order is untouched.
    expect(await sums()).toEqual(totalsBefore);
    expect(await db().selectFrom('order_items').selectAll().orderBy('id').execute()).toEqual(
      itemsBefore,
    );
    const order = expectStatus<Schemas['Order']>(
      await t.request('getAdminOrder', {
        method: 'GET',
        url: `/api/v1/admin/orders/${invoiced.id}`,
        headers: support.headers,
      }),
      200,
      'getAdminOrder',
    );
    expect(order.shipping_address).toMatchObject({
      first_name: 'Erased',
      last_name: 'customer',
      email: erasure.placeholder_email,
    });
    const kept = await db()
      .selectFrom('orders')
      .select('shipping_address')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kept.shipping_address)).toMatchObject({
      email: OTHER.email,
      first_name: OTHER.first_name,
      street_address: OTHER.street,
    });
    // The account and what is its own are gone; the list shows the placeholder.
    for (const table of [
      'customers',
      'addresses',
      'magic_link_tokens',
      'customer_notes',
    ] as const) {
      expect(await db().selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    // The other buyer's cart was a guest's (by session).
    expect(
      await db().selectFrom('carts').selectAll().where('customer_id', 'is not', null).execute(),
    ).toEqual([]);
    expectStatus(await get(key), 404, 'getAdminCustomer');
    const list = await listed();
    expect(list.map((c) => c.email).sort()).toEqual(
      [erasure.placeholder_email, OTHER.email].sort(),
    );
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'customer')
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_id: account.id, label: erasure.placeholder_email });
    expect(JSON.parse(entry.changes)).toEqual([
      { field: 'placeholder_email', before: erasure.placeholder_email, after: null },
      { field: 'orders_anonymised', before: 2, after: null },
      { field: 'invoices_kept', before: 2, after: null },
    ]);
  });
});
