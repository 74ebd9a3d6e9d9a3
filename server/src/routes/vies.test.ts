// The reverse charge with VIES (VIES_URL): a tiny fake VIES REST service on 127.0.0.1 answers
// "valid", "not valid", an error, or too late; the order records how the VAT number was checked
// and the reverse charge follows what VIES said (format check only when it could not answer).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  startFakeVies,
  type FakeVies,
  type ViesQuestion,
  type ViesReply,
} from '../../test-support/fake-vies';
import {
  deleteAll,
  insertCustomer,
  insertSimpleProduct,
  insertVatRate,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { createViesChecker } from '../domain/vat-number';

type Order = Schemas['Order'];

/** The numbers (without prefix) the fake VIES answers specially. */
const VALID = new Set(['40303265045']);
const ERROR = new Set(['123456789']); // DE: HTTP 500
const MS_UNAVAILABLE = new Set(['ATU12345678'.slice(2)]); // AT: VIES userError
const SLOW = new Set(['123456789B01']); // NL: answers after the timeout
// Long enough for a prompt answer on a loaded 2-core machine; SLOW waits far past it.
const TIMEOUT_MS = 2_000;

/** What the fake VIES answers, by the number it is asked about. */
const answerViesQuestion = ({ countryCode, vatNumber }: ViesQuestion, reply: ViesReply) => {
  if (ERROR.has(vatNumber)) return reply(500, { error: 'boom' });
  if (MS_UNAVAILABLE.has(vatNumber))
    return reply(200, { valid: false, userError: 'MS_UNAVAILABLE' });
  if (SLOW.has(vatNumber)) return reply.later(5 * TIMEOUT_MS, 200, { valid: true });
  reply(200, { countryCode, vatNumber, valid: VALID.has(vatNumber), userError: 'VALID' });
};

describe('createViesChecker', () => {
  let vies: FakeVies;
  beforeAll(async () => {
    vies = await startFakeVies(answerViesQuestion);
  });
  afterAll(async () => {
    await vies.close();
  });

  it('asks VIES for EU numbers of a valid format and falls back to the format check', async () => {
    const checker = createViesChecker({ url: vies.url, timeoutMs: TIMEOUT_MS });
    expect(await checker.check('fr 40 303 265 045', 'FR')).toMatchObject({
      valid: true,
      check: 'vies',
      normalised: 'FR40303265045',
      message: 'VAT number confirmed by VIES for FR.',
    });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '40303265045' });
    expect(await checker.check('FR00123456789', 'FR')).toMatchObject({
      valid: false,
      check: 'vies',
      message: 'VIES does not know this VAT number for FR.',
    });
    for (const [number, country] of [
      ['DE123456789', 'DE'], // HTTP 500
      ['ATU12345678', 'AT'], // MS_UNAVAILABLE
      ['NL123456789B01', 'NL'], // too slow
    ]) {
      expect(await checker.check(number as string, country as string)).toMatchObject({
        valid: true,
        check: 'format',
        message: `Valid VAT number format for ${country}; VIES could not be reached (format checked only).`,
      });
    }
    const asked = vies.requests.length;
    // Invalid formats and non-EU numbers are never sent.
    expect(await checker.check('FR123', 'FR')).toMatchObject({ valid: false, check: 'format' });
    expect(await checker.check('1234567A', 'TN')).toMatchObject({ valid: true, check: 'format' });
    expect(vies.requests.length).toBe(asked);
    // Nothing listening: format only.
    const down = createViesChecker({
      url: 'http://127.0.0.1:9/check-vat-number',
      timeoutMs: TIMEOUT_MS,
    });
    expect(await down.check('FR40303265045', 'FR')).toMatchObject({ valid: true, check: 'format' });
  });
});

describe.each(testDialects)('reverse charge with VIES (%s)', (dialect) => {
  let t: TestApp;
  let vies: FakeVies;
  let seq = 0;

  beforeAll(async () => {
    vies = await startFakeVies(answerViesQuestion);
    t = await createTestApp(dialect, { config: { viesUrl: vies.url, viesTimeoutMs: TIMEOUT_MS } });
  });
  afterAll(async () => {
    await t?.close();
    await vies?.close();
  });
  beforeEach(async () => {
    const db = t.database.db;
    await deleteAll(db, ['orders', 'carts', 'customers', 'variants', 'products', 'vat_rates']);
    for (const [country, bp] of [
      ['TN', 1900],
      ['FR', 2000],
      ['DE', 1900],
      ['NL', 2100],
      ['AT', 2000],
    ] as const) {
      await insertVatRate(db, { country_code: country, rate_bp: bp, is_default: 1 });
    }
  });

  async function order(vatNumber: string, country: string): Promise<Order> {
    const db = t.database.db;
    const tn = await db
      .selectFrom('vat_rates')
      .select('id')
      .where('country_code', '=', 'TN')
      .executeTakeFirstOrThrow();
    const p = await insertSimpleProduct(db, {
      base_price: 10_000,
      price_includes_vat: 0,
      vat_rate_id: tn.id,
    });
    const s = `sess_${dialect}_${++seq}_vies`;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/cart/items?session_id=${s}`,
      payload: { product_id: p.productId, variant_id: null, quantity: 1 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/?session_id=${s}`,
      payload: {
        payment_method: 'bank_transfer',
        customer_type: 'professional',
        vat_number: vatNumber,
        customer_country_code: country,
        shipping_address: {
          first_name: 'Jean',
          last_name: 'Dupont',
          street_address: '1 rue de Rivoli',
          city: 'Paris',
          postal_code: '75001',
          country,
          phone: '+33 1 00 00 00 00',
          email: 'jean@example.com',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return expectResponseMatches<Order>('createOrder', res);
  }

  it('records how the number was checked and applies the reverse charge accordingly', async () => {
    expect(await order('FR40303265045', 'FR')).toMatchObject({
      vat_number_check: 'vies_confirmed',
      vat_reverse_charge: true,
      vat_amount: '0.000',
      total_amount: '10.000',
    });
    // VIES says the number does not exist: no reverse charge; shipped abroad, it is an export
    // (0 %, no review).
    expect(await order('FR00123456789', 'FR')).toMatchObject({
      vat_number: 'FR00123456789',
      vat_number_check: 'vies_rejected',
      vat_reverse_charge: false,
      vat_treatment: 'export',
      vat_number_review: null,
      vat_amount: '0.000',
    });
    // VIES failing, unavailable or too slow: format checked only, the reverse charge applies.
    for (const [number, country] of [
      ['DE123456789', 'DE'],
      ['ATU12345678', 'AT'],
      ['NL123456789B01', 'NL'],
    ] as const) {
      expect(await order(number, country), number).toMatchObject({
        vat_number_check: 'format_checked',
        vat_reverse_charge: true,
        vat_number_review: 'to_confirm',
        vat_amount: '0.000',
      });
    }
    expect(vies.requests.map((r) => r.countryCode)).toEqual(['FR', 'FR', 'DE', 'AT', 'NL']);

    // The admin sees it on the order.
    const admin = await t.authAs('support');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders/',
      headers: admin,
    });
    const ids = (expectResponseMatches<{ id: number }[]>('listAdminOrders', list) ?? []).map(
      (o) => o.id,
    );
    const checks = [];
    for (const id of ids.sort((a, b) => a - b)) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${id}`,
        headers: admin,
      });
      checks.push(expectResponseMatches<Order>('getAdminOrder', detail).vat_number_check);
    }
    expect(checks).toEqual([
      'vies_confirmed',
      'vies_rejected',
      'format_checked',
      'format_checked',
      'format_checked',
    ]);
  });

  it('answers validate-vat with the VIES result', async () => {
    const c = await insertCustomer(t.database.db, { customer_type: 'professional' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/me/validate-vat',
      headers: await t.customerAuth(c.id),
      payload: { vat_number: 'FR40303265045', country_code: 'FR' },
    });
    expect(expectStatus(res, 200, 'validateVatNumber')).toMatchObject({
      valid: true,
      check: 'vies',
      reverse_charge_eligible: true,
      message: 'VAT number confirmed by VIES for FR.',
    });
  });
});
