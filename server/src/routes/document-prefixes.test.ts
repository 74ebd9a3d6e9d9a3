// Settings cannot set a trap (issue #25): the invoice and credit-note prefixes must differ (422 on
// the field), a prefix is not taken over from the other kind while documents of that kind carry
// it in the current year, and whatever the prefixes and time zone become across a year boundary
// (swaps, "F" and "FA", no prefix), every issue succeeds and numbers stay unique and gap-free per
// kind and year (fast-check). Bad saves through the API are mixed in (prefixes too long, in small
// letters, of the wrong type, an unknown time zone): each gets a 422 with a `detail` and leaves the
// settings and their history as they were. assertProperty prints the seed and path of a failure;
// FC_SEED / FC_PATH / FC_RUNS replay it (server/test-support/properties.ts).
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { expectIssues, expectStatus, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { deleteAll } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import { placeOrder, useShop, type Order } from '../../test-support/shop';
import { HttpProblem } from '../api/problem';
import type { AppContext } from '../context';
import { PREFIXES_MUST_DIFFER } from '../domain/document-prefixes';
import { yearIn } from '../domain/invoice';
import { updateOrderStatus } from '../services/orders/orders';
import { mediaStorage } from '../services/platform/media';
import { updateShopSettings } from '../services/platform/shop-settings';

type ShopSettings = Schemas['ShopSettings'];
type Kind = 'invoice' | 'credit_note';

const URL = '/api/v1/admin/settings/shop';
const NUM_RUNS = 100;

describe.each(testDialects)('document prefixes and numbering (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prefixes-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { config: { dataDir, shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const admin = useAdminAccount(t, 'admin');
  let session = 0;
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
  });

  const patch = (payload: object) =>
    t.request('updateShopSettings', { method: 'PATCH', url: URL, headers: admin.headers, payload });
  const storedPrefixes = () =>
    t.database.db
      .selectFrom('shop_settings')
      .select(['invoice_prefix', 'credit_note_prefix', 'time_zone'])
      .executeTakeFirstOrThrow();
  const changeCount = async () =>
    (await t.database.db.selectFrom('shop_settings_changes').select('id').execute()).length;
  const order = async (): Promise<Order> => {
    const { productId } = await shop.simple(
      { name: 'Linen shirt', base_price: 11_900 },
      { stock_quantity: 1000 },
    );
    return placeOrder(t.app, { session: `prefix-${dialect}-${++session}` }, [
      { productId, quantity: 1 },
    ]);
  };
  /** The app's context with its own clock. */
  const at = (when: Date): AppContext => ({ ...t.ctx, now: () => when });
  const setStatus = (when: Date, id: number, status: 'confirmed' | 'cancelled') =>
    updateOrderStatus(at(when), id, { status }, null);
  const save = (when: Date, body: Schemas['ShopSettingsUpdate']) =>
    updateShopSettings(t.ctx, mediaStorage(t.ctx.config), body, null, when);

  it('refuses equal prefixes with 422 on the field sent, and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ credit_note_prefix: 'INV-' }, 'credit_note_prefix'],
      [{ invoice_prefix: 'CN-' }, 'invoice_prefix'],
      [{ invoice_prefix: 'FAC-', credit_note_prefix: 'FAC-' }, 'credit_note_prefix'],
      [{ invoice_prefix: '', credit_note_prefix: '' }, 'credit_note_prefix'],
    ];
    for (const [body, field] of cases) {
      expectIssues(await patch(body), 'updateShopSettings', [
        { loc: ['body', field], msg: PREFIXES_MUST_DIFFER, type: 'value_error' },
      ]);
    }
    expect(await storedPrefixes()).toMatchObject({
      invoice_prefix: 'INV-',
      credit_note_prefix: 'CN-',
    });
    expect(await changeCount()).toBe(0);

    // Different, even when one begins the other or one is empty: the year keeps numbers apart.
    for (const [invoice, credit] of [
      ['F', 'FA'],
      ['FA', 'F'],
      ['', 'AV-'],
      ['CN-', 'INV-'],
    ] as const) {
      const res = await patch({ invoice_prefix: invoice, credit_note_prefix: credit });
      expect(expectStatus<ShopSettings>(res, 200, 'updateShopSettings')).toMatchObject({
        invoice_prefix: invoice,
        credit_note_prefix: credit,
      });
    }
  });

  it('refuses a swap within the year once documents carry the prefixes; allows it the next year', async () => {
    const dec = new Date('2026-12-30T10:00:00.000Z');
    await save(dec, { invoice_prefix: 'FAC-', credit_note_prefix: 'AV-' });
    const a = await order();
    await setStatus(dec, a.id, 'confirmed'); // FAC-2026-000001
    await setStatus(dec, a.id, 'cancelled'); // AV-2026-000001

    const swap = { invoice_prefix: 'AV-', credit_note_prefix: 'FAC-' };
    await expect(save(dec, swap)).rejects.toMatchObject({
      statusCode: 422,
      detail: [
        {
          loc: ['body', 'invoice_prefix'],
          msg: 'Credit notes of 2026 are numbered with "AV-": invoices can use it only from 2027 on, or their numbers would collide',
          type: 'value_error',
        },
      ],
    });
    await expect(
      save(dec, { credit_note_prefix: 'FAC-', invoice_prefix: 'F-' }),
    ).rejects.toMatchObject({
      detail: [
        {
          loc: ['body', 'credit_note_prefix'],
          msg: 'Invoices of 2026 are numbered with "FAC-": credit notes can use it only from 2027 on, or their numbers would collide',
          type: 'value_error',
        },
      ],
    });
    expect(await storedPrefixes()).toMatchObject({
      invoice_prefix: 'FAC-',
      credit_note_prefix: 'AV-',
    });

    // 1 January 2027 in Tunis (23:30 UTC on the 31st): the swap is allowed, numbers restart.
    const newYear = new Date('2026-12-31T23:30:00.000Z');
    await save(newYear, swap);
    await setStatus(newYear, a.id, 'confirmed');
    await setStatus(newYear, a.id, 'cancelled');
    // Back in UTC, it would be 2026 again, when "AV-" numbers credit notes: refused.
    await expect(save(newYear, { time_zone: 'UTC' })).rejects.toMatchObject({
      detail: [{ loc: ['body', 'invoice_prefix'] }],
    });
    const numbers = await t.database.db
      .selectFrom('invoices')
      .select(['kind', 'number'])
      .orderBy('id')
      .execute();
    expect(numbers).toEqual([
      { kind: 'invoice', number: 'FAC-2026-000001' },
      { kind: 'credit_note', number: 'AV-2026-000001' },
      { kind: 'invoice', number: 'AV-2027-000001' },
      { kind: 'credit_note', number: 'FAC-2027-000001' },
    ]);
  });

  it('answers 409, not 500, when settings saved before these rules would reuse a number', async () => {
    const placed = await order();
    const when = new Date('2026-12-30T10:00:00.000Z');
    await setStatus(when, placed.id, 'confirmed');
    // Stored straight, as an older version let it be saved.
    await completeShopSettings(t.database.db, { credit_note_prefix: 'INV-' });
    const year = yearIn('Africa/Tunis', when);
    await expect(setStatus(when, placed.id, 'cancelled')).rejects.toMatchObject({
      statusCode: 409,
      detail: `Number INV-${year}-000001 is already used by another document: change the invoice or credit-note prefix in the settings so that they differ`,
    });
    // The cancellation was rolled back with its credit note.
    const row = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
  });

  it('keeps numbers unique and gap-free per kind and year whatever the prefixes become across the new year', async () => {
    const orders = [await order(), await order(), await order()];
    const prefix = fc.constantFrom('F', 'FA', 'FAC-', 'AV-', 'A', 'INV-', 'CN-', '', '2026-');
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('save' as const),
        invoice_prefix: fc.option(prefix, { nil: undefined }),
        credit_note_prefix: fc.option(prefix, { nil: undefined }),
        time_zone: fc.option(
          fc.constantFrom('Africa/Tunis', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'),
          { nil: undefined },
        ),
      }),
      fc.record({ kind: fc.constant('toggle' as const), order: fc.nat({ max: 2 }) }),
      fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 600 }) }),
      fc.record({
        kind: fc.constant('bad' as const),
        body: fc.oneof(
          fc.record({
            invoice_prefix: fc.oneof(
              fc.stringMatching(/^[A-Z0-9-]{11,20}$/),
              fc.constantFrom<unknown>('inv-', 'F A', 'FAC/', null, 7, ['F']),
            ),
          }),
          fc.record({
            credit_note_prefix: fc.constantFrom<unknown>('AV_', 'avoir', 'ÀV-', 'X'.repeat(11), {}),
          }),
          fc.record({ time_zone: fc.constantFrom<unknown>('Mars/Olympus', '', 'utc+1', 3) }),
        ),
      }),
    );

    await assertProperty(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        await deleteAll(t.database.db, ['invoices', 'document_counters']);
        await t.database.db.updateTable('orders').set({ status: 'pending' }).execute();
        await resetShopSettings(t.database.db);
        await completeShopSettings(t.database.db);
        let clock = new Date('2026-12-31T06:00:00.000Z');
        const settings = {
          invoice_prefix: 'INV-',
          credit_note_prefix: 'CN-',
          time_zone: 'Africa/Tunis',
        };
        const status = orders.map(() => 'pending');
        const issued: { kind: Kind; prefix: string; year: number; sequence: number }[] = [];
        const numberOf = (d: (typeof issued)[number]) =>
          `${d.prefix}${d.year}-${String(d.sequence).padStart(6, '0')}`;

        for (const s of steps) {
          if (s.kind === 'bad') {
            const before = [await storedPrefixes(), await changeCount()];
            const res = await patch(s.body);
            expect(res.statusCode, `${JSON.stringify(s.body)}: ${res.body}`).toBe(422);
            expect(res.json<{ detail: unknown[] }>().detail.length).toBeGreaterThan(0);
            expect([await storedPrefixes(), await changeCount()]).toEqual(before);
          } else if (s.kind === 'tick') {
            clock = new Date(clock.getTime() + s.minutes * 60_000);
          } else if (s.kind === 'save') {
            const body = Object.fromEntries(
              Object.entries(s).filter(([k, v]) => k !== 'kind' && v !== undefined),
            );
            if (Object.keys(body).length === 0) continue;
            const next = { ...settings, ...body };
            const year = yearIn(next.time_zone, clock);
            // The model's reason to refuse: one prefix would number both kinds in a year to come.
            const clash = (kind: Kind, p: string) =>
              issued.some((d) => d.kind !== kind && d.year >= year && d.prefix === p);
            const refusable =
              next.invoice_prefix === next.credit_note_prefix ||
              clash('invoice', next.invoice_prefix) ||
              clash('credit_note', next.credit_note_prefix);
            const refusal = await save(clock, body).then(
              () => null,
              (err: unknown) => err,
            );
            if (refusal === null) {
              expect(refusable, `accepted ${JSON.stringify(body)}`).toBe(false);
              Object.assign(settings, next);
            } else {
              expect(refusal).toBeInstanceOf(HttpProblem);
              expect((refusal as HttpProblem).statusCode).toBe(422);
              expect(
                refusable,
                `refused ${JSON.stringify(body)}: ${(refusal as Error).message}`,
              ).toBe(true);
            }
          } else {
            const i = s.order;
            const to = status[i] === 'confirmed' ? 'cancelled' : 'confirmed';
            // Every issue succeeds: a failure here is the trap the settings must not set.
            await setStatus(clock, orders[i]!.id, to);
            status[i] = to;
            const kind: Kind = to === 'confirmed' ? 'invoice' : 'credit_note';
            const year = yearIn(settings.time_zone, clock);
            const sequence = issued.filter((d) => d.kind === kind && d.year === year).length + 1;
            const prefix =
              kind === 'invoice' ? settings.invoice_prefix : settings.credit_note_prefix;
            issued.push({ kind, prefix, year, sequence });
          }
        }
        const rows = await t.database.db
          .selectFrom('invoices')
          .select(['kind', 'number', 'year', 'sequence'])
          .orderBy('id')
          .execute();
        // Stored as the model numbered them: per kind and year 1, 2, 3... in issue order.
        expect(
          rows.map((r) => ({ ...r, year: Number(r.year), sequence: Number(r.sequence) })),
        ).toEqual(
          issued.map((d) => ({
            kind: d.kind,
            number: numberOf(d),
            year: d.year,
            sequence: d.sequence,
          })),
        );
        expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
