// CSV exports (exportOrders, exportProducts): the file's form (BOM, header, CRLF, cells as the
// contract writes them, formulas neutralised), the same rows as the lists under the same
// filters and sort (across many keyset pages), and the refusals.
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectStatus, firstIssueLoc } from '../../test-support/contract';
import { useAdmin, useTestApp } from '../../test-support/app';
import { csvObjects, parseCsv } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertProduct, insertVariant } from '../../test-support/fixtures';
import { placeOrder, shippingAddress, useShop } from '../../test-support/shop';
import { insertScaleOrders, insertScaleProducts } from '../seed/scale';
import { listAdminOrders, type AdminOrderQuery } from '../services/orders/orders';
import { listAdminProducts } from '../services/catalogue/products';
import { PAGE_SIZE } from '../services/platform/csv-export';

const ORDERS_CSV = '/api/v1/admin/exports/orders';
const PRODUCTS_CSV = '/api/v1/admin/exports/products';
const BOM = '\uFEFF';

const ORDER_HEADER =
  'order_number,created_at,status,payment_method,customer_email,customer_type,' +
  'customer_country_code,vat_number,vat_reverse_charge,shipping_name,shipping_company,' +
  'shipping_city,shipping_country,shipping_governorate,shipping_method,item_count,subtotal,' +
  'vat_amount,shipping_amount,shipping_vat_amount,discount_amount,stamp_duty_amount,total_amount,currency,' +
  'invoice_number,payment_status,amount_paid,balance_due';
const LINE_HEADER =
  'order_number,created_at,status,customer_email,product_name,variant_title,sku,quantity,' +
  'unit_price,vat_rate,vat_amount,total_price,total_price_incl_vat';
const PRODUCT_HEADER =
  'product_id,product_name,slug,category,is_active,price_includes_vat,base_price,' +
  'vat_rate_name,variant_id,sku,variant_title,option_values,price,price_incl_vat,' +
  'compare_at_price,stock_quantity,track_inventory,allow_backorder,variant_is_active';

/** The body of a 200 CSV answer: BOM, the header, CRLF records. */
function csvBody(res: LightMyRequestResponse, operationId: string, header: string): string {
  expectStatus(res, 200, operationId);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith(`${BOM}${header}\r\n`)).toBe(true);
  return res.body.slice(BOM.length);
}

describe.each(testDialects)('CSV exports (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const admin = useAdmin(t, 'admin');
  const db = () => t.database.db;
  let seq = 0;

  // Invoices are written here by hand; the shop's reset does not know them.
  afterEach(async () => {
    await db().deleteFrom('invoices').where('credits_invoice_id', 'is not', null).execute();
    await db().deleteFrom('invoices').execute();
  });

  const get = (url: string, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url, headers });

  async function invoice(orderId: number, number: string, creditsInvoiceId: number | null = null) {
    seq += 1;
    return db()
      .insertInto('invoices')
      .values({
        kind: creditsInvoiceId === null ? 'invoice' : 'credit_note',
        number,
        year: 2026,
        sequence: seq,
        order_id: orderId,
        credits_invoice_id: creditsInvoiceId,
        content: '{}',
        issued_by_admin_id: null,
        issued_at: '2026-11-24T16:06:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('writes one row per order, and per line, as the contract says, formulas neutralised', async () => {
    const formula = '=HYPERLINK("http://evil.test","click")';
    const product = await shop.simple(
      { name: formula, base_price: 12_500, price_includes_vat: 0 },
      { sku: 'CSV-1', price: 12_500, stock_quantity: 10 },
    );
    seq += 1;
    const order = await placeOrder(
      t.app,
      { session: `sess_csv_${dialect}_${seq}` },
      [{ productId: product.productId, quantity: 2 }],
      {
        shipping_address: shippingAddress({
          first_name: '+cmd',
          last_name: 'Doe',
          company: '-3',
          city: 'Sfax, "Centre"',
          email: 'csv@example.com',
        }),
      },
    );
    await db()
      .updateTable('orders')
      .set({ created_at: '2026-11-24T16:05:00.000Z' })
      .where('id', '=', order.id)
      .execute();
    await invoice(order.id, 'INV-2026-000001');

    const res = await get(ORDERS_CSV);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = csvBody(res, 'exportOrders', ORDER_HEADER);
    expect(csvObjects(body)).toEqual([
      {
        order_number: order.order_number,
        created_at: '2026-11-24T17:05:00+01:00',
        status: 'pending',
        payment_method: 'cash_on_delivery',
        customer_email: 'csv@example.com',
        customer_type: 'individual',
        customer_country_code: 'TN',
        vat_number: '',
        vat_reverse_charge: 'false',
        shipping_name: "'+cmd Doe",
        shipping_company: '-3',
        shipping_city: 'Sfax, "Centre"',
        shipping_country: 'TN',
        // A flat-rate order to an address without a governorate (#36): both empty.
        shipping_governorate: '',
        shipping_method: '',
        item_count: '2',
        subtotal: '25.000',
        vat_amount: '4.750',
        shipping_amount: '0.000',
        shipping_vat_amount: '0.000',
        discount_amount: '0.000',
        // Shipped to Tunisia: the stamp duty (#30), after the discount, in the total.
        stamp_duty_amount: '1.000',
        total_amount: '30.750',
        currency: 'TND',
        invoice_number: 'INV-2026-000001',
        // Born owing its total (migration 029), nothing paid yet.
        payment_status: 'unpaid',
        amount_paid: '0.000',
        balance_due: '30.750',
      },
    ]);
    // Quoting: a comma or a quote makes a quoted cell, quotes doubled.
    expect(body).toContain(',"Sfax, ""Centre""",');

    const lines = csvBody(await get(`${ORDERS_CSV}?rows=lines`), 'exportOrders', LINE_HEADER);
    expect(csvObjects(lines)).toEqual([
      {
        order_number: order.order_number,
        created_at: '2026-11-24T17:05:00+01:00',
        status: 'pending',
        customer_email: 'csv@example.com',
        product_name: `'${formula}`,
        variant_title: '',
        sku: 'CSV-1',
        quantity: '2',
        unit_price: '12.500',
        vat_rate: '19',
        vat_amount: '4.750',
        total_price: '25.000',
        total_price_incl_vat: '29.750',
      },
    ]);
    expect(lines).toBe(
      `${LINE_HEADER}\r\n${order.order_number},2026-11-24T17:05:00+01:00,pending,csv@example.com,` +
        `"'=HYPERLINK(""http://evil.test"",""click"")",,CSV-1,2,12.500,19,4.750,25.000,29.750\r\n`,
    );
  });

  it('writes the semicolon variant with decimal commas, quoting x;+1+1; in both variants', async () => {
    const product = await shop.simple(
      { name: 'x;+1+1;', base_price: 12_500, price_includes_vat: 0 },
      { sku: 'CSV-2', price: 12_500, stock_quantity: 10 },
    );
    seq += 1;
    const order = await placeOrder(
      t.app,
      { session: `sess_csv_${dialect}_${seq}` },
      [{ productId: product.productId, quantity: 2 }],
      { shipping_address: shippingAddress({ email: 'semicolon@example.com' }) },
    );
    await db()
      .updateTable('orders')
      .set({ created_at: '2026-11-24T16:05:00.000Z' })
      .where('id', '=', order.id)
      .execute();
    const start = `${order.order_number},2026-11-24T17:05:00+01:00,pending,semicolon@example.com,`;
    expect(csvBody(await get(`${ORDERS_CSV}?rows=lines`), 'exportOrders', LINE_HEADER)).toBe(
      `${LINE_HEADER}\r\n${start}"x;+1+1;",,CSV-2,2,12.500,19,4.750,25.000,29.750\r\n`,
    );
    const semicolonHeader = LINE_HEADER.replaceAll(',', ';');
    const res = await get(`${ORDERS_CSV}?rows=lines&separator=semicolon`);
    expect(res.headers['x-total-count']).toBe('1');
    expect(csvBody(res, 'exportOrders', semicolonHeader)).toBe(
      `${semicolonHeader}\r\n${start.replaceAll(',', ';')}"x;+1+1;";;CSV-2;2;"12,500";19;"4,750";"25,000";"29,750"\r\n`,
    );
    const other = await get(`${ORDERS_CSV}?separator=tab`);
    expect(other.statusCode).toBe(422);
  });

  it('gives the invoice in force only', async () => {
    const product = await shop.simple({}, { stock_quantity: 10 });
    const orders = [];
    for (let i = 0; i < 2; i += 1) {
      seq += 1;
      orders.push(
        await placeOrder(t.app, { session: `sess_csv_${dialect}_${seq}` }, [
          { productId: product.productId, quantity: 1 },
        ]),
      );
    }
    const [credited, reissued] = orders as [(typeof orders)[0], (typeof orders)[0]];
    const first = await invoice(credited.id, 'INV-2026-000010');
    await invoice(credited.id, 'CN-2026-000001', first.id);
    const old = await invoice(reissued.id, 'INV-2026-000011');
    await invoice(reissued.id, 'CN-2026-000002', old.id);
    await invoice(reissued.id, 'INV-2026-000012');
    const rows = csvObjects(csvBody(await get(ORDERS_CSV), 'exportOrders', ORDER_HEADER));
    expect(Object.fromEntries(rows.map((r) => [r.order_number, r.invoice_number]))).toEqual({
      [credited.order_number]: '',
      [reissued.order_number]: 'INV-2026-000012',
    });
  });

  it('exports exactly the orders the list shows for the same filters and sort, over many pages', async () => {
    const now = new Date();
    await insertScaleProducts({ db: db(), dialect }, 30);
    await insertScaleOrders({ db: db(), dialect }, PAGE_SIZE * 2 + 150, {
      now,
      shippingNet: 0,
    });
    // A run of orders at one instant, across a page boundary: the tie-break must hold there.
    const tied = await db()
      .selectFrom('orders')
      .select('id')
      .orderBy('id')
      .limit(PAGE_SIZE + 100)
      .execute();
    await db()
      .updateTable('orders')
      .set({ created_at: '2025-06-01T12:00:00.000Z' })
      .where(
        'id',
        'in',
        tied.map((r) => r.id),
      )
      .execute();
    const sample = await db()
      .selectFrom('orders')
      .select(['order_number', 'customer_email'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

    const linesPerOrder = new Map(
      (
        await db()
          .selectFrom('order_items')
          .select((eb) => ['order_id', eb.fn.countAll<number | string>().as('n')])
          .groupBy('order_id')
          .execute()
      ).map((r) => [r.order_id, Number(r.n)]),
    );

    const cases: (Partial<AdminOrderQuery> & Record<string, string | undefined>)[] = [
      {},
      { sort: 'created_at' },
      { sort: 'total_amount' },
      { sort: '-total_amount', status: 'delivered' },
      { status: 'cancelled', payment_method: 'cash_on_delivery' },
      { date_from: '2025-01-01T00:00:00Z', date_to: '2025-12-31T23:59:59Z' },
      { search: sample.order_number.slice(0, 12) },
      { customer_email: sample.customer_email.toUpperCase() },
    ];
    for (const filters of cases) {
      const query = new URLSearchParams(
        Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined),
      ).toString();
      const listed = await listAdminOrders(db(), {
        skip: 0,
        limit: 100_000,
        sort: '-created_at',
        ...filters,
      });
      expect(listed.total, query).toBeGreaterThan(0);
      const res = await get(`${ORDERS_CSV}?${query}`);
      const rows = csvObjects(csvBody(res, 'exportOrders', ORDER_HEADER));
      expect(
        rows.map((r) => r.order_number),
        query,
      ).toEqual(listed.items.map((o) => o.order_number));
      expect(res.headers['x-total-count'], query).toBe(String(listed.total));

      const lines = csvObjects(
        csvBody(await get(`${ORDERS_CSV}?rows=lines&${query}`), 'exportOrders', LINE_HEADER),
      );
      expect(lines.length, query).toBe(
        listed.items.reduce((n, o) => n + (linesPerOrder.get(o.id) ?? 0), 0),
      );
      // Lines come grouped by order, in the orders' order.
      const runs = lines
        .map((l) => l.order_number)
        .filter((number, i, all) => i === 0 || all[i - 1] !== number);
      expect(runs, query).toEqual(listed.items.map((o) => o.order_number));
    }
    expect(
      (await listAdminOrders(db(), { skip: 0, limit: 1, sort: '-created_at' })).total,
    ).toBeGreaterThan(PAGE_SIZE * 2);
  });

  it('refuses bad filters, and the orders to an inventory manager', async () => {
    for (const [query, parameter] of [
      ['date_from=yesterday', 'date_from'],
      ['date_from=2026-02-01T00:00:00Z&date_to=2026-01-01T00:00:00Z', 'date_from'],
      ['rows=everything', 'rows'],
      ['status=lost', 'status'],
      ['sort=name', 'sort'],
    ] as const) {
      const res = await get(`${ORDERS_CSV}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(firstIssueLoc('exportOrders', res), query).toEqual(['query', parameter]);
    }
    const productsRes = await get(`${PRODUCTS_CSV}?is_active=maybe`);
    expect(firstIssueLoc('exportProducts', productsRes)).toEqual(['query', 'is_active']);

    const inventory = await t.authAs('inventory_manager');
    expect((await get(ORDERS_CSV, inventory)).statusCode).toBe(403);
    expect((await get(PRODUCTS_CSV, inventory)).statusCode).toBe(200);
    expect((await get(ORDERS_CSV, {})).statusCode).toBe(401);
  });

  it('writes one row per variant, a product without variants on one row', async () => {
    const category = await insertCategory(db(), { name: 'Shirts' });
    const shirt = await insertProduct(db(), {
      name: 'Shirt',
      slug: 'csv-shirt',
      category_id: category.id,
      has_variants: 1,
      base_price: 20_000,
      price_includes_vat: 0,
      vat_rate_id: shop.tn19.id,
      created_at: '2026-01-02T00:00:00.000Z',
    });
    const small = await insertVariant(db(), shirt.id, {
      sku: 'SHIRT-S',
      variant_title: 'S / Red',
      option_values: JSON.stringify({ size: 'S', color: 'Red' }),
      price: 20_000,
      compare_at_price: 25_000,
      stock_quantity: -3,
      allow_backorder: 1,
      position: 0,
    });
    const large = await insertVariant(db(), shirt.id, {
      sku: '@SHIRT-L',
      variant_title: 'L',
      option_values: JSON.stringify({ size: 'L' }),
      price: 22_000,
      is_active: 0,
      position: 1,
    });
    const empty = await insertProduct(db(), {
      name: 'Empty',
      slug: 'csv-empty',
      has_variants: 1,
      is_active: 0,
      vat_rate_id: shop.tn19.id,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const rateName = shop.tn19.name;

    const res = await get(`${PRODUCTS_CSV}?sort=created_at`);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = csvBody(res, 'exportProducts', PRODUCT_HEADER);
    const emptyVariant = {
      variant_id: '',
      sku: '',
      variant_title: '',
      option_values: '',
      price: '',
      price_incl_vat: '',
      compare_at_price: '',
      stock_quantity: '',
      track_inventory: '',
      allow_backorder: '',
      variant_is_active: '',
    };
    const shirtColumns = {
      product_id: String(shirt.id),
      product_name: 'Shirt',
      slug: 'csv-shirt',
      category: 'Shirts',
      is_active: 'true',
      price_includes_vat: 'false',
      base_price: '20.000',
      vat_rate_name: rateName,
    };
    expect(csvObjects(body)).toEqual([
      {
        product_id: String(empty.id),
        product_name: 'Empty',
        slug: 'csv-empty',
        category: '',
        is_active: 'false',
        price_includes_vat: 'true',
        base_price: '10.000',
        vat_rate_name: rateName,
        ...emptyVariant,
      },
      {
        ...shirtColumns,
        variant_id: String(small.id),
        sku: 'SHIRT-S',
        variant_title: 'S / Red',
        option_values: 'size=S; color=Red',
        price: '20.000',
        price_incl_vat: '23.800',
        compare_at_price: '25.000',
        stock_quantity: '-3',
        track_inventory: 'true',
        allow_backorder: 'true',
        variant_is_active: 'true',
      },
      {
        ...shirtColumns,
        variant_id: String(large.id),
        sku: "'@SHIRT-L",
        variant_title: 'L',
        option_values: 'size=L',
        price: '22.000',
        price_incl_vat: '26.180',
        compare_at_price: '',
        stock_quantity: '10',
        track_inventory: 'true',
        allow_backorder: 'false',
        variant_is_active: 'false',
      },
    ]);

    // The list's filters and sort.
    for (const query of [
      { is_active: false },
      { search: 'shirt' },
      { category_id: category.id },
      { sort: '-name' as const },
    ]) {
      const listed = await listAdminProducts(
        db(),
        { skip: 0, limit: 1000, sort: '-created_at', ...query },
        new Date(),
      );
      const params = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const rows = parseCsv(
        csvBody(await get(`${PRODUCTS_CSV}?${params}`), 'exportProducts', PRODUCT_HEADER),
      ).slice(1);
      const ids = rows
        .map((r) => Number(r[0]))
        .filter((id, i, all) => i === 0 || all[i - 1] !== id);
      expect(ids, params).toEqual(listed.items.map((p) => p.id));
    }
  });
});
