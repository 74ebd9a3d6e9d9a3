// Bulk status change of orders (bulkUpdateOrderStatus; issue #28 point 5): each order changed as
// one updateOrderStatus call changes it (history, stock, documents, audit), the refused ones
// listed with the refusal's detail and left as they were, the ones already in the status left
// alone; stock = Σ movements after a bulk cancel; and the same end state as one call per order.
// The one-PDF print (printOrderDocuments): each order's part is the pages of its own download,
// in the order asked, and an order that cannot be printed refuses the print, named.
import type { LightMyRequestResponse } from 'fastify';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { pdfAnswerText } from '../../test-support/invoices';
import { useOrderDesk } from '../../test-support/order-desk';
import { expectMovedTo, type Order } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';
import type { Schemas } from '../api/types';

type Result = Schemas['OrderBulkStatusResult'];

describe.each(testDialects)('bulk order status (%s)', (dialect) => {
  const { t, shop, support, inventory, api, place, documents, getOrder } = useOrderDesk(dialect);

  /** A product of `stock` units at 10.000 incl. VAT. */
  const product = async (stock: number) => {
    const category = await insertCategory(t.database.db);
    return api().product(
      `Linen shirt ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: stock },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
  };
  const bulk = (payload: unknown, headers = support.headers) =>
    t.request('bulkUpdateOrderStatus', {
      method: 'POST',
      url: '/api/v1/admin/orders/bulk-status',
      headers,
      payload,
    });
  const bulkOk = async (payload: unknown) =>
    expectStatus<Result>(await bulk(payload), 200, 'bulkUpdateOrderStatus');

  /** What a status change leaves of an order, without ids, times and numbers. */
  const endState = async (o: Order) => {
    const now = await getOrder(o.id);
    const movements = await t.database.db
      .selectFrom('stock_movements')
      .select(['kind', 'delta', 'reason'])
      .where('order_id', '=', o.id)
      .orderBy('id')
      .execute();
    return {
      status: now.status,
      history: now.status_history.map((h) => [h.from_status, h.to_status, h.note]),
      documents: (await documents(o.id)).map((d) => [d.kind, d.amount_due]),
      movements: movements.map((m) => [
        m.kind,
        Number(m.delta),
        m.reason?.replace(o.order_number, '<number>') ?? null,
      ]),
      balance: [now.payment_status, now.balance_due],
    };
  };

  it('confirms many orders: each invoiced and audited, the confirmed one left alone, an unknown one refused', async () => {
    const p = await product(50);
    const pending = [
      await place([{ productId: p.productId, quantity: 1 }]),
      await place([{ productId: p.productId, quantity: 2 }]),
    ];
    const confirmed = await place([{ productId: p.productId, quantity: 1 }], 'confirmed');
    const auditBefore = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'order')
      .execute();

    const result = await bulkOk({
      order_ids: [confirmed.id, 2_000_000_000, ...pending.map((o) => o.id)],
      status: 'confirmed',
      note: '  Paid by transfer  ',
    });
    expect(result).toEqual({
      changed: pending.map((o) => ({
        id: o.id,
        order_number: o.order_number,
        from_status: 'pending',
        status: 'confirmed',
      })),
      unchanged: [confirmed.id],
      refused: [{ id: 2_000_000_000, order_number: null, status: null, detail: 'Order not found' }],
    });
    for (const o of pending) {
      expectMovedTo(await getOrder(o.id), 'confirmed', 'pending', 'Paid by transfer');
      expect((await documents(o.id)).map((d) => d.kind)).toEqual(['invoice']);
    }
    // The confirmed one: no new entry, no second invoice.
    expect((await getOrder(confirmed.id)).status_history).toHaveLength(2);
    expect((await documents(confirmed.id)).map((d) => d.kind)).toEqual(['invoice']);
    // One audit entry per changed order, as updateOrderStatus writes.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['entity_id', 'label'])
      .where('entity', '=', 'order')
      .where('id', 'not in', auditBefore.length > 0 ? auditBefore.map((a) => a.id) : [0])
      .orderBy('id')
      .execute();
    expect(audit).toEqual(pending.map((o) => ({ entity_id: o.id, label: o.order_number })));
  });

  it("lists a refused order with the refusal's detail and changes the others", async () => {
    const scarce = await product(2);
    const reopened = await place([{ productId: scarce.productId, quantity: 2 }]);
    expect((await api().cancel(reopened.id)).statusCode).toBe(200);
    // The two units are sold again: the cancelled order cannot take them back.
    await place([{ productId: scarce.productId, quantity: 2 }]);
    const plenty = await product(50);
    const other = await place([{ productId: plenty.productId, quantity: 1 }]);

    const result = await bulkOk({ order_ids: [reopened.id, other.id], status: 'processing' });
    expect(result.changed.map((c) => c.id)).toEqual([other.id]);
    expect(result.refused).toEqual([
      {
        id: reopened.id,
        order_number: reopened.order_number,
        status: 'cancelled',
        detail: expect.stringMatching(/stock/i) as unknown,
      },
    ]);
    // The refusal is the one a single call answers.
    const single = await t.request('updateOrderStatus', {
      method: 'PATCH',
      url: `/api/v1/admin/orders/${reopened.id}/status`,
      headers: support.headers,
      payload: { status: 'processing' },
    });
    expect(single.statusCode).toBe(409);
    expect(single.json<{ detail: string }>().detail).toBe(result.refused[0]?.detail);
    expect((await getOrder(reopened.id)).status).toBe('cancelled');
    expect(await api().stockOf(scarce.variantId)).toBe(0);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('leaves every order as one call per order would, and stock = Σ movements after a bulk cancel', async () => {
    const p = await product(100);
    const statuses: Order['status'][] = ['pending', 'confirmed', 'processing', 'shipped'];
    const twins = async () => {
      const made: Order[] = [];
      for (const [i, status] of statuses.entries()) {
        made.push(await place([{ productId: p.productId, quantity: i + 1 }], status));
      }
      return made;
    };
    const viaBulk = await twins();
    const oneByOne = await twins();

    const result = await bulkOk({
      order_ids: viaBulk.map((o) => o.id),
      status: 'cancelled',
      note: 'Carrier lost the parcels',
    });
    expect(result.changed.map((c) => c.id)).toEqual(viaBulk.map((o) => o.id));
    for (const o of oneByOne) {
      expect((await api().status(o.id, 'cancelled', 'Carrier lost the parcels')).statusCode).toBe(
        200,
      );
    }
    for (const [i, o] of viaBulk.entries()) {
      expect(await endState(o)).toEqual(await endState(oneByOne[i]!));
    }
    // Everything came back: the product holds its 100 units, and its ledger says so.
    expect(await api().stockOf(p.variantId)).toBe(100);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('refuses a role without orders:write (403), ids twice or more than 500 (422)', async () => {
    const p = await product(5);
    const o = await place([{ productId: p.productId, quantity: 1 }]);
    expect(
      (await bulk({ order_ids: [o.id], status: 'confirmed' }, inventory.headers)).statusCode,
    ).toBe(403);
    expect((await bulk({ order_ids: [o.id, o.id], status: 'confirmed' })).statusCode).toBe(422);
    expect(
      (
        await bulk({
          order_ids: Array.from({ length: 501 }, (_, i) => i + 1),
          status: 'confirmed',
        })
      ).statusCode,
    ).toBe(422);
    expect((await bulk({ order_ids: [], status: 'confirmed' })).statusCode).toBe(422);
    expect((await getOrder(o.id)).status).toBe('pending');
  });
});

/** The text of each page of a PDF answer (200, application/pdf). */
async function pageTexts(res: LightMyRequestResponse): Promise<string[]> {
  return (await pdfAnswerText(res)).pages;
}

/**
 * The drawing of each page of a PDF answer: its content streams' bytes as stored. A page copied,
 * not redrawn, keeps them exactly (pdf-lib copies a stream's bytes as they are).
 */
async function pageDrawings(res: LightMyRequestResponse): Promise<string[]> {
  const pdf = await PDFDocument.load(new Uint8Array(res.rawPayload));
  return pdf.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    return parts
      .map((part) => {
        const stream = part && pdf.context.lookup(part);
        expect(stream).toBeInstanceOf(PDFRawStream);
        return Buffer.from((stream as PDFRawStream).contents).toString('base64');
      })
      .join('|');
  });
}

describe.each(testDialects)('orders printed as one PDF (%s)', (dialect) => {
  const { t, shop, support, inventory, api, place, documents } = useOrderDesk(dialect);

  const print = (payload: unknown, headers = support.headers, lang?: 'en' | 'fr') =>
    t.request('printOrderDocuments', {
      method: 'POST',
      url: `/api/v1/admin/orders/documents${lang ? `?lang=${lang}` : ''}`,
      headers,
      payload,
    });
  const single = (url: string, operationId: string) =>
    t.request(operationId, { method: 'GET', url, headers: support.headers });

  /** Orders of 1, 2 and 3 lines (a different product each line), in `status`. */
  const orders = async (status: Order['status']) => {
    const category = await insertCategory(t.database.db);
    const products = [];
    for (const i of [1, 2, 3]) {
      products.push(
        await api().product(
          `Print test ${i} ${Math.random().toString(36).slice(2, 8)}`,
          { stock_quantity: 50 },
          { vatRateId: shop.tn19.id, categoryId: category.id },
        ),
      );
    }
    const made: Order[] = [];
    for (const n of [1, 2, 3]) {
      made.push(
        await place(
          products.slice(0, n).map((p, i) => ({ productId: p.productId, quantity: i + 1 })),
          status,
        ),
      );
    }
    return made;
  };

  /** The joined pages, cut into parts the sizes of the single downloads. */
  const partsOf = (joined: string[], singles: string[][]) => {
    expect(joined).toHaveLength(singles.reduce((n, pages) => n + pages.length, 0));
    let at = 0;
    return singles.map((pages) => joined.slice(at, (at += pages.length)));
  };

  it("joins the invoices in force, in the order asked, each part its own download's pages", async () => {
    const [a, b, c] = await orders('confirmed');
    const asked = [c!, a!, b!];
    const res = await print({ order_ids: asked.map((o) => o.id), kind: 'invoice' });
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const joined = await pageTexts(res);
    const singles: string[][] = [];
    for (const o of asked) {
      const [invoice] = await documents(o.id);
      expect(invoice?.kind).toBe('invoice');
      singles.push(
        await pageTexts(await single(`/api/v1/admin/invoices/${invoice!.id}/pdf`, 'getInvoicePdf')),
      );
    }
    expect(partsOf(joined, singles)).toEqual(singles);
    // Copied, not redrawn: each page draws exactly what its single download's page draws.
    const drawings: string[][] = [];
    for (const o of asked) {
      const [invoice] = await documents(o.id);
      drawings.push(
        await pageDrawings(
          await single(`/api/v1/admin/invoices/${invoice!.id}/pdf`, 'getInvoicePdf'),
        ),
      );
    }
    expect(partsOf(await pageDrawings(res), drawings)).toEqual(drawings);
    // Each part is its own order's invoice: its number is on its first page.
    for (const [i, o] of asked.entries()) {
      const [invoice] = await documents(o.id);
      expect(partsOf(joined, singles)[i]![0]).toContain(invoice!.number);
    }
  });

  it('prints the invoice in force of a reopened order, not the credited one', async () => {
    const [o] = await orders('confirmed');
    expect((await api().status(o!.id, 'cancelled')).statusCode).toBe(200);
    expect((await api().status(o!.id, 'confirmed')).statusCode).toBe(200);
    const docs = await documents(o!.id);
    expect(docs.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice', 'invoice']);
    const credited = docs.find((d) => d.kind === 'credit_note')?.credits?.id;
    const current = docs.find((d) => d.kind === 'invoice' && d.id !== credited)!;
    expect(credited).toBeDefined();
    const joined = await pageTexts(await print({ order_ids: [o!.id], kind: 'invoice' }));
    expect(joined).toEqual(
      await pageTexts(await single(`/api/v1/admin/invoices/${current.id}/pdf`, 'getInvoicePdf')),
    );
  });

  it('joins the packing slips in the language asked, each part its own download', async () => {
    const made = await orders('pending');
    const asked = [made[1]!, made[2]!, made[0]!];
    const res = await print(
      { order_ids: asked.map((o) => o.id), kind: 'packing_slip' },
      support.headers,
      'fr',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="packing-slips-[\d-]+\.pdf"/);
    const joined = await pageTexts(res);
    const singles: string[][] = [];
    for (const o of asked) {
      singles.push(
        await pageTexts(
          await single(`/api/v1/admin/orders/${o.id}/packing-slip?lang=fr`, 'getPackingSlipPdf'),
        ),
      );
    }
    expect(partsOf(joined, singles)).toEqual(singles);
    for (const [i, o] of asked.entries()) {
      expect(partsOf(joined, singles)[i]![0]).toContain(o.order_number);
    }
  });

  it('refuses an invoice print naming the orders without an invoice in force (409), and unknown orders (404)', async () => {
    const [invoiced, pending, cancelled] = [
      ...(await orders('confirmed')).slice(0, 1),
      ...(await orders('pending')).slice(0, 1),
      ...(await orders('confirmed')).slice(0, 1),
    ];
    expect((await api().status(cancelled!.id, 'cancelled')).statusCode).toBe(200);
    const refused = await print({
      order_ids: [cancelled!.id, invoiced!.id, pending!.id],
      kind: 'invoice',
    });
    expect(
      expectStatus<Schemas['OrderDocumentsProblem']>(refused, 409, 'printOrderDocuments'),
    ).toEqual({
      detail: `No invoice in force for ${cancelled!.order_number}, ${pending!.order_number}`,
      orders_without_invoice: [
        { id: cancelled!.id, order_number: cancelled!.order_number },
        { id: pending!.id, order_number: pending!.order_number },
      ],
    });
    // Their packing slips print all the same.
    expect(
      (
        await pageTexts(
          await print({
            order_ids: [cancelled!.id, invoiced!.id, pending!.id],
            kind: 'packing_slip',
          }),
        )
      ).length,
    ).toBeGreaterThanOrEqual(3);

    const unknown = await print({
      order_ids: [invoiced!.id, 2_000_000_001, 2_000_000_000],
      kind: 'packing_slip',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe(
      'Order not found: #2000000001, #2000000000',
    );
  });

  it('refuses a role without orders:read (403) and bad bodies (422)', async () => {
    const [o] = await orders('confirmed');
    expect(
      (await print({ order_ids: [o!.id], kind: 'invoice' }, inventory.headers)).statusCode,
    ).toBe(403);
    for (const bad of [
      { order_ids: [o!.id, o!.id], kind: 'invoice' },
      { order_ids: [], kind: 'invoice' },
      { order_ids: Array.from({ length: 501 }, (_, i) => i + 1), kind: 'packing_slip' },
      { order_ids: [o!.id], kind: 'credit_note' },
      { order_ids: [o!.id] },
      { order_ids: [o!.id], kind: 'invoice', extra: 1 },
    ]) {
      expect((await print(bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(422);
    }
    expect(
      (await print({ order_ids: [o!.id], kind: 'invoice' }, support.headers, 'de' as 'en'))
        .statusCode,
    ).toBe(422);
  });
});
