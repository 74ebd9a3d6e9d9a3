// validate-vat (issue #25): VIES answers cached for a day in the database (every instance shares
// them), and the operation throttled per customer and per client address (429, Retry-After).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus } from '../../test-support/contract';
import type { FastifyInstance } from 'fastify';
import { buildSibling, createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { startFakeVies, type FakeVies } from '../../test-support/fake-vies';
import { deleteAll, insertCustomer } from '../../test-support/fixtures';
import {
  VALIDATE_VAT_PER_ADDRESS,
  VALIDATE_VAT_PER_CUSTOMER,
  VIES_CACHE_MS,
} from '../services/billing/vat-numbers';

/** A fake VIES: FR40303265045 is valid, every other number is not. */
const fakeVies = () =>
  startFakeVies(({ vatNumber }, reply) => reply(200, { valid: vatNumber === '40303265045' }));

const NUMBERS = [
  ['FR40303265045', 'FR'],
  ['FR 40 303 265 045', 'FR'], // the same number, written otherwise
  ['DE123456789', 'DE'],
  ['ATU12345678', 'AT'],
] as const;

describe.each(testDialects)('validate-vat cache and throttle (%s)', (dialect) => {
  let t: TestApp;
  let sibling: FastifyInstance;
  let vies: FakeVies;
  let seq = 0;

  beforeAll(async () => {
    vies = await fakeVies();
    const config = { viesUrl: vies.url, viesTimeoutMs: 5_000 };
    t = await createTestApp(dialect, { config });
    // A second server on the same database (its own checker: no memory is shared).
    sibling = await buildSibling(t);
  });
  afterAll(async () => {
    await sibling?.close();
    await t?.close();
    await vies?.close();
  });
  beforeEach(async () => {
    await deleteAll(t.database.db, ['vat_number_checks', 'auth_throttle', 'customers']);
    vies.requests.length = 0;
    t.freezeClock();
  });

  const customer = async () => {
    const c = await insertCustomer(t.database.db, {
      email: `vat${++seq}@example.com`,
      customer_type: 'professional',
    });
    return t.customerAuth(c.id);
  };
  const validate = (
    app: FastifyInstance,
    headers: Record<string, string>,
    [vat_number, country_code]: readonly [string, string],
    remoteAddress = '10.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/customers/me/validate-vat',
      headers,
      payload: { vat_number, country_code },
      remoteAddress,
    });

  it('asks VIES at most once a day per number, whatever the instance or the caller', async () => {
    const callers = [await customer(), await customer(), await customer()];
    const answers: unknown[] = [];
    for (let i = 0; i < 60; i++) {
      // 60 calls from three customers and three addresses, 4 s apart: under every bound.
      const app = i % 2 === 0 ? t.app : sibling;
      const res = await validate(app, callers[i % 3]!, NUMBERS[i % 4]!, `10.0.0.${i % 3}`);
      answers.push(expectStatus<{ valid: boolean; check: string }>(res, 200, 'validateVatNumber'));
      t.advanceClock(4_000);
    }
    // One VIES request per distinct number; the cached answers are VIES's.
    expect(vies.requests.map((r) => `${r.countryCode}${r.vatNumber}`).sort()).toEqual(
      ['ATU12345678', 'DE123456789', 'FR40303265045'].sort(),
    );
    expect(answers.slice(0, 4)).toMatchObject([
      { valid: true, check: 'vies', message: 'VAT number confirmed by VIES for FR.' },
      { valid: true, check: 'vies', vat_number: 'FR40303265045' },
      { valid: false, check: 'vies', message: 'VIES does not know this VAT number for DE.' },
      { valid: false, check: 'vies' },
    ]);
    expect(answers.slice(56)).toEqual(answers.slice(0, 4));

    // A day later VIES is asked again, once per number.
    t.advanceClock(VIES_CACHE_MS);
    const later = await customer(); // a fresh token: the earlier ones have expired
    for (const number of NUMBERS) {
      expectStatus(await validate(sibling, later, number), 200, 'validateVatNumber');
    }
    expectStatus(await validate(t.app, later, NUMBERS[0]), 200, 'validateVatNumber');
    expect(vies.requests).toHaveLength(6);
  });

  it(`answers 429 after ${VALIDATE_VAT_PER_CUSTOMER} checks a minute per customer, and ${VALIDATE_VAT_PER_ADDRESS} per address`, async () => {
    const jane = await customer();
    for (let i = 0; i < VALIDATE_VAT_PER_CUSTOMER; i++) {
      expect((await validate(t.app, jane, NUMBERS[0], `10.1.0.${i}`)).statusCode).toBe(200);
    }
    const refused = await validate(t.app, jane, NUMBERS[0], '10.1.1.1');
    expectProblem(
      refused,
      429,
      'Too many VAT number checks. Try again in 1 minute.',
      'validateVatNumber',
    );
    expect(refused.headers['retry-after']).toBe('60');
    // Another customer is not held back by Jane.
    expect((await validate(t.app, await customer(), NUMBERS[0], '10.1.1.1')).statusCode).toBe(200);
    // A minute later Jane may check again.
    t.advanceClock(60_000);
    expect((await validate(t.app, jane, NUMBERS[0], '10.1.1.2')).statusCode).toBe(200);

    // One address, many customers: refused past its bound, whoever asks.
    for (let i = 0; i < VALIDATE_VAT_PER_ADDRESS; i++) {
      const res = await validate(t.app, await customer(), NUMBERS[2], '10.2.0.1');
      expect(res.statusCode, res.body).toBe(200);
    }
    const crowded = await validate(t.app, await customer(), NUMBERS[2], '10.2.0.1');
    expect(crowded.statusCode).toBe(429);
    expect(crowded.headers['retry-after']).toBe('60');
    // Only what passed reached VIES, once per number.
    expect(vies.requests.map((r) => `${r.countryCode}${r.vatNumber}`).sort()).toEqual([
      'DE123456789',
      'FR40303265045',
    ]);
  });
});
