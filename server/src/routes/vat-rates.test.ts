// VAT rates over HTTP (admin), on every test database, every answer checked against the contract.
import { describe, expect, it } from 'vitest';
import {
  anyNumber,
  anyTimestamp,
  expectIssues,
  expectProblem,
  expectStatus,
  issuesOf,
} from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertProduct, insertVariant, insertVatRate } from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import {
  expectRoleRefused,
  itRefusesDelete,
  itRefusesRename,
  useAdminCollection,
} from '../../test-support/collections';
import { countryPricing } from '../services/catalogue/pricing';

type VatRate = Schemas['VatRate'];

const URL = '/api/v1/admin/vat-rates/';

describe.each(testDialects)('VAT rates (%s)', (dialect) => {
  const { t, admin, create, update, remove } = useAdminCollection(dialect, URL);

  const storedRate = (id: number) =>
    t.database.db.selectFrom('vat_rates').selectAll().where('id', '=', id).executeTakeFirst();

  /** A rate as the refusal tests make and read it. */
  const row = {
    insert: (name: string) => insertVatRate(t.database.db, { name }),
    stored: storedRate,
  };
  /** A createVatRate body for TN from 2026-01-01, with these fields. */
  const newRate = (values: Record<string, unknown>) => ({
    country_code: 'TN',
    effective_from: '2026-01-01T00:00:00.000Z',
    ...values,
  });
  const storedRates = () => t.database.db.selectFrom('vat_rates').selectAll().execute();
  /** createVatRate refuses `body` with one value_error on `field`, and stores nothing. */
  const expectCreateRefused = async (body: Record<string, unknown>, field: string, msg: string) => {
    expectIssues(await create(body), 'createVatRate', [
      { loc: ['body', field], msg, type: 'value_error' },
    ]);
    expect(await storedRates()).toEqual([]);
  };

  describe('listVatRates', () => {
    it('orders by country, newest effective_from first, then name; filters country and status', async () => {
      const tnOld = await insertVatRate(t.database.db, {
        name: 'Standard',
        country_code: 'TN',
        effective_from: '2018-01-01T00:00:00.000Z',
      });
      const tnNewB = await insertVatRate(t.database.db, {
        name: 'Reduced',
        country_code: 'TN',
        rate_bp: 700,
        effective_from: '2024-01-01T00:00:00.000Z',
        is_active: 0,
      });
      const tnNewA = await insertVatRate(t.database.db, {
        name: 'Intermediate',
        country_code: 'TN',
        rate_bp: 1350,
        effective_from: '2024-01-01T00:00:00.000Z',
      });
      const fr = await insertVatRate(t.database.db, {
        name: 'TVA normale',
        country_code: 'FR',
        rate_bp: 2000,
        is_default: 1,
        effective_to: '2030-12-31T23:59:59.999Z',
      });

      const all = await t.app.inject({ method: 'GET', url: URL, headers: admin });
      const body = expectStatus<VatRate[]>(all, 200, 'listVatRates');
      expect(body.map((r) => r.id)).toEqual([fr.id, tnNewA.id, tnNewB.id, tnOld.id]);
      expect(body[0]).toEqual({
        id: fr.id,
        name: 'TVA normale',
        rate: 20,
        country_code: 'FR',
        description: null,
        is_default: true,
        is_active: true,
        effective_from: '2018-01-01T00:00:00.000Z',
        effective_to: '2030-12-31T23:59:59.999Z',
        successor_id: null,
        status: 'in_force',
        product_count: 0,
        variant_count: 0,
        created_at: fr.created_at,
        updated_at: fr.updated_at,
      });
      expect(body[1]).toMatchObject({ rate: 13.5, is_default: false, status: 'in_force' });
      expect(body[2]).toMatchObject({ status: 'inactive' });

      const tn = await t.app.inject({
        method: 'GET',
        url: `${URL}?country_code=tn`,
        headers: admin,
      });
      expect(tn.statusCode).toBe(200);
      expect(expectResponseMatches<VatRate[]>('listVatRates', tn).map((r) => r.id)).toEqual([
        tnNewA.id,
        tnNewB.id,
        tnOld.id,
      ]);

      const inactive = await t.app.inject({
        method: 'GET',
        url: `${URL}?is_active=false`,
        headers: admin,
      });
      expect(expectResponseMatches<VatRate[]>('listVatRates', inactive).map((r) => r.id)).toEqual([
        tnNewB.id,
      ]);

      const activeTn = await t.app.inject({
        method: 'GET',
        url: `${URL}?is_active=true&country_code=TN`,
        headers: admin,
      });
      expect(expectResponseMatches<VatRate[]>('listVatRates', activeTn).map((r) => r.id)).toEqual([
        tnNewA.id,
        tnOld.id,
      ]);
    });

    it('answers 422 for invalid query parameters', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${URL}?country_code=TUN&is_active=maybe`,
        headers: admin,
      });
      expect(issuesOf(res, 'listVatRates').map((d) => d.loc)).toEqual(
        expect.arrayContaining([
          ['query', 'country_code'],
          ['query', 'is_active'],
        ]),
      );
    });

    it('is readable by every admin role but needs a token', async () => {
      await insertVatRate(t.database.db);
      const support = await t.app.inject({
        method: 'GET',
        url: URL,
        headers: await t.authAs('support'),
      });
      expect(expectStatus<VatRate[]>(support, 200, 'listVatRates')).toHaveLength(1);

      const anonymous = await t.app.inject({ method: 'GET', url: URL });
      expectStatus(anonymous, 401, 'listVatRates');
    });
  });

  describe('createVatRate', () => {
    it('creates an active rate, trimming text, upper-casing the country and storing basis points', async () => {
      const before = t.ctx.now().toISOString();
      const res = await create({
        name: '  Reduced rate ',
        rate: 19.5,
        country_code: 'tn',
        description: '  For food  ',
        effective_from: '2026-01-01T01:00:00+01:00',
        effective_to: '2026-12-31T23:59:59.999Z',
      });
      const after = t.ctx.now().toISOString();
      const body = expectStatus<VatRate>(res, 201, 'createVatRate');
      expect(body).toEqual({
        id: anyNumber,
        name: 'Reduced rate',
        rate: 19.5,
        country_code: 'TN',
        description: 'For food',
        is_default: false,
        is_active: true,
        effective_from: '2026-01-01T00:00:00.000Z',
        effective_to: '2026-12-31T23:59:59.999Z',
        successor_id: null,
        status: t.ctx.now() > new Date('2026-12-31T23:59:59.999Z') ? 'expired' : 'in_force',
        product_count: 0,
        variant_count: 0,
        created_at: anyTimestamp,
        updated_at: body.created_at,
      });
      expect(body.created_at >= before && body.created_at <= after).toBe(true);

      const row = await storedRate(body.id);
      expect(row).toMatchObject({
        name: 'Reduced rate',
        rate_bp: 1950,
        country_code: 'TN',
        description: 'For food',
        is_default: 0,
        is_active: 1,
        effective_from: '2026-01-01T00:00:00.000Z',
        effective_to: '2026-12-31T23:59:59.999Z',
      });
    });

    it('accepts the bounds 0 and 100 and an open end', async () => {
      const zero = await create(newRate({ name: 'Exempt', rate: 0 }));
      expect(expectStatus<VatRate>(zero, 201, 'createVatRate')).toMatchObject({
        rate: 0,
        effective_to: null,
        description: null,
      });
      const hundred = await create(newRate({ name: 'All', rate: 100, effective_to: null }));
      const body = expectStatus<VatRate>(hundred, 201, 'createVatRate');
      expect(body.rate).toBe(100);
      expect((await storedRate(body.id))?.rate_bp).toBe(10000);
    });

    it('refuses more than 2 decimals on the rate (422 on body.rate) and stores nothing', async () => {
      await expectCreateRefused(
        newRate({ name: 'Odd', rate: 19.555 }),
        'rate',
        'Rate must be a percentage from 0 to 100 with at most 2 decimals',
      );
    });

    it('refuses a rate above 100, a bad country and a blank name', async () => {
      const res = await create(newRate({ name: '   ', rate: 100.01, country_code: 'T1' }));
      expect(issuesOf(res, 'createVatRate').map((d) => d.loc)).toEqual(
        expect.arrayContaining([
          ['body', 'rate'],
          ['body', 'country_code'],
        ]),
      );

      const blank = await create(newRate({ name: '   ', rate: 10 }));
      expectIssues(blank, 'createVatRate', [
        { loc: ['body', 'name'], msg: 'Must not be blank', type: 'value_error' },
      ]);
    });

    it('refuses effective_from after effective_to (422 on body.effective_to)', async () => {
      await expectCreateRefused(
        newRate({
          name: 'Backwards',
          rate: 10,
          effective_from: '2026-02-01T00:00:00.000Z',
          effective_to: '2026-01-31T23:59:59.999Z',
        }),
        'effective_to',
        'effective_from must not be after effective_to',
      );
    });

    it('with is_default, takes the default away from the other rates of that country only', async () => {
      const oldTn = await insertVatRate(t.database.db, { country_code: 'TN', is_default: 1 });
      const fr = await insertVatRate(t.database.db, { country_code: 'FR', is_default: 1 });
      t.advanceClock(1000);
      const res = await create({
        name: 'New standard',
        rate: 19,
        country_code: 'tn',
        is_default: true,
        effective_from: '2026-01-01T00:00:00.000Z',
      });
      const body = expectStatus<VatRate>(res, 201, 'createVatRate');
      expect(body.is_default).toBe(true);
      expect(body.rate).toBe(19);

      const oldRow = await storedRate(oldTn.id);
      expect(oldRow?.is_default).toBe(0);
      expect(oldRow?.updated_at).toBe(body.created_at);
      expect((await storedRate(fr.id))?.is_default).toBe(1);
      expect((await storedRate(body.id))?.is_default).toBe(1);
    });

    it('is refused to roles without vat:write (403) and without a token (401)', async () => {
      const payload = {
        name: 'X',
        rate: 10,
        country_code: 'TN',
        effective_from: '2026-01-01T00:00:00.000Z',
      };
      const support = await create(payload, await t.authAs('support'));
      expectRoleRefused(support, 'support', 'createVatRate');
      const inventory = await create(payload, await t.authAs('inventory_manager'));
      expectRoleRefused(inventory, 'inventory_manager', 'createVatRate');
      const anonymous = await t.app.inject({ method: 'POST', url: URL, payload });
      expectStatus(anonymous, 401, 'createVatRate');
      expect(await storedRates()).toEqual([]);
    });
  });

  describe('getVatRate', () => {
    it('returns the rate, 404 for an unknown id, 422 for a malformed id', async () => {
      const rate = await insertVatRate(t.database.db, { rate_bp: 1234, description: 'Odd one' });
      const res = await t.app.inject({ method: 'GET', url: `${URL}${rate.id}`, headers: admin });
      expect(expectStatus<VatRate>(res, 200, 'getVatRate')).toEqual({
        id: rate.id,
        name: rate.name,
        rate: 12.34,
        country_code: 'TN',
        description: 'Odd one',
        is_default: false,
        is_active: true,
        effective_from: rate.effective_from,
        effective_to: null,
        successor_id: null,
        status: 'in_force',
        product_count: 0,
        variant_count: 0,
        created_at: rate.created_at,
        updated_at: rate.updated_at,
      });

      const missing = await t.app.inject({
        method: 'GET',
        url: `${URL}${rate.id + 1000}`,
        headers: admin,
      });
      expectProblem(missing, 404, 'VAT rate not found', 'getVatRate');

      const malformed = await t.app.inject({ method: 'GET', url: `${URL}abc`, headers: admin });
      expect(malformed.statusCode).toBe(422);
      expect(issuesOf(malformed, 'getVatRate')[0]?.loc).toEqual(['path', 'id']);
    });
  });

  describe('updateVatRate', () => {
    it('changes only the properties sent', async () => {
      // A future rate that nothing uses: its rate can still be corrected.
      const rate = await insertVatRate(t.database.db, {
        name: 'Standard',
        rate_bp: 1900,
        description: 'Kept',
        effective_from: '2029-01-01T00:00:00.000Z',
        effective_to: '2030-01-01T00:00:00.000Z',
      });
      t.advanceClock(1000);
      const res = await update(rate.id, { name: ' Renamed ', rate: 7.25 });
      const body = expectStatus<VatRate>(res, 200, 'updateVatRate');
      expect(body).toEqual({
        id: rate.id,
        name: 'Renamed',
        rate: 7.25,
        country_code: 'TN',
        description: 'Kept',
        is_default: false,
        is_active: true,
        effective_from: rate.effective_from,
        effective_to: '2030-01-01T00:00:00.000Z',
        successor_id: null,
        status: 'scheduled',
        product_count: 0,
        variant_count: 0,
        created_at: rate.created_at,
        updated_at: anyTimestamp,
      });
      expect(body.updated_at > rate.updated_at).toBe(true);
      expect(await storedRate(rate.id)).toMatchObject({
        name: 'Renamed',
        rate_bp: 725,
        description: 'Kept',
        updated_at: body.updated_at,
      });
    });

    it('clears nullable values with null, upper-cases the country and deactivates', async () => {
      const rate = await insertVatRate(t.database.db, {
        description: 'Temporary',
        effective_from: '2029-01-01T00:00:00.000Z',
        effective_to: '2030-01-01T00:00:00.000Z',
      });
      const res = await update(rate.id, {
        description: null,
        effective_to: null,
        country_code: 'fr',
        is_active: false,
      });
      expect(expectStatus<VatRate>(res, 200, 'updateVatRate')).toMatchObject({
        description: null,
        effective_to: null,
        country_code: 'FR',
        is_active: false,
        rate: 19,
      });
      expect(await storedRate(rate.id)).toMatchObject({
        description: null,
        effective_to: null,
        country_code: 'FR',
        is_active: 0,
      });
    });

    it('setting is_default clears the other defaults of the resulting country', async () => {
      const tnDefault = await insertVatRate(t.database.db, { country_code: 'TN', is_default: 1 });
      const frDefault = await insertVatRate(t.database.db, { country_code: 'FR', is_default: 1 });
      const rate = await insertVatRate(t.database.db, { country_code: 'TN' });

      const res = await update(rate.id, { is_default: true });
      expect(res.statusCode).toBe(200);
      expect(expectResponseMatches<VatRate>('updateVatRate', res).is_default).toBe(true);
      expect((await storedRate(tnDefault.id))?.is_default).toBe(0);
      expect((await storedRate(frDefault.id))?.is_default).toBe(1);

      // A default is in force, so it never moves to another country (a successor is recorded).
      const moved = await update(rate.id, { country_code: 'FR' });
      expect(moved.statusCode).toBe(409);
      expect((await storedRate(frDefault.id))?.is_default).toBe(1);
      expect(await storedRate(rate.id)).toMatchObject({ country_code: 'TN', is_default: 1 });
    });

    it('checks the resulting validity period', async () => {
      const rate = await insertVatRate(t.database.db, {
        effective_from: '2026-01-01T00:00:00.000Z',
        effective_to: '2026-12-31T23:59:59.999Z',
      });
      const lateStart = await update(rate.id, { effective_from: '2027-01-01T00:00:00.000Z' });
      expectIssues(lateStart, 'updateVatRate', [
        {
          loc: ['body', 'effective_from'],
          msg: 'effective_from must not be after effective_to',
          type: 'value_error',
        },
      ]);
      const earlyEnd = await update(rate.id, { effective_to: '2025-12-31T23:59:59.999Z' });
      expect(earlyEnd.statusCode).toBe(422);
      expect(issuesOf(earlyEnd, 'updateVatRate')[0]?.loc).toEqual(['body', 'effective_to']);
      expect(await storedRate(rate.id)).toMatchObject({
        effective_from: '2026-01-01T00:00:00.000Z',
        effective_to: '2026-12-31T23:59:59.999Z',
      });

      // Both at once, consistent: accepted.
      const both = await update(rate.id, {
        effective_from: '2027-01-01T00:00:00.000Z',
        effective_to: null,
      });
      expect(expectStatus<VatRate>(both, 200, 'updateVatRate')).toMatchObject({
        effective_from: '2027-01-01T00:00:00.000Z',
        effective_to: null,
      });
    });

    it('refuses extra decimals, an empty body and unknown ids', async () => {
      const rate = await insertVatRate(t.database.db);
      const decimals = await update(rate.id, { rate: 5.001 });
      expect(decimals.statusCode).toBe(422);
      expect(issuesOf(decimals, 'updateVatRate')[0]?.loc).toEqual(['body', 'rate']);
      expect((await storedRate(rate.id))?.rate_bp).toBe(1900);

      const empty = await update(rate.id, {});
      expectStatus(empty, 422, 'updateVatRate');

      const missing = await update(rate.id + 1000, { name: 'Nope' });
      expectProblem(missing, 404, 'VAT rate not found', 'updateVatRate');
    });

    itRefusesRename(t, 'support', 'updateVatRate', { ...row, update });
  });

  describe('deleteVatRate', () => {
    it('deletes an unused rate (204), then 404', async () => {
      const rate = await insertVatRate(t.database.db);
      const res = await remove(rate.id);
      expectStatus(res, 204, 'deleteVatRate');
      expect(res.body).toBe('');
      expect(await storedRate(rate.id)).toBeUndefined();

      const again = await remove(rate.id);
      expectProblem(again, 404, 'VAT rate not found', 'deleteVatRate');
    });

    it('refuses a rate still used by products or variants (409) saying how many', async () => {
      const rate = await insertVatRate(t.database.db);
      const other = await insertVatRate(t.database.db);
      const p1 = await insertProduct(t.database.db, { vat_rate_id: rate.id });
      await insertProduct(t.database.db, { vat_rate_id: rate.id });
      await insertProduct(t.database.db, { vat_rate_id: rate.id });
      const p4 = await insertProduct(t.database.db, { vat_rate_id: other.id });
      await insertVariant(t.database.db, p4.id, { vat_rate_id: rate.id });
      await insertVariant(t.database.db, p1.id); // inherits, does not count

      const res = await remove(rate.id);
      expectProblem(
        res,
        409,
        'VAT rate is used by 3 products and 1 variant; deactivate it instead',
        'deleteVatRate',
      );
      expect(await storedRate(rate.id)).toBeDefined();

      const onlyVariants = await insertVatRate(t.database.db);
      await insertVariant(t.database.db, p4.id, { vat_rate_id: onlyVariants.id });
      await insertVariant(t.database.db, p1.id, { vat_rate_id: onlyVariants.id });
      const res2 = await remove(onlyVariants.id);
      expectProblem(
        res2,
        409,
        'VAT rate is used by 2 variants; deactivate it instead',
        'deleteVatRate',
      );

      const res3 = await remove(other.id);
      expectProblem(
        res3,
        409,
        'VAT rate is used by 1 product; deactivate it instead',
        'deleteVatRate',
      );
    });

    itRefusesDelete(t, 'inventory_manager', 'deleteVatRate', { ...row, remove });
  });

  describe('the default rate in force (the one lookup pricing uses)', () => {
    it('finds the active default rate of a country in force at a date', async () => {
      const db = t.database.db;
      const old = await insertVatRate(db, {
        country_code: 'TN',
        is_default: 1,
        effective_from: '2018-01-01T00:00:00.000Z',
        effective_to: '2024-12-31T23:59:59.999Z',
      });
      const current = await insertVatRate(db, {
        country_code: 'TN',
        is_default: 1,
        effective_from: '2025-01-01T00:00:00.000Z',
      });
      await insertVatRate(db, {
        country_code: 'TN',
        is_default: 0,
        effective_from: '2026-01-01T00:00:00.000Z',
      });
      await insertVatRate(db, {
        country_code: 'FR',
        is_default: 1,
        is_active: 0,
        effective_from: '2018-01-01T00:00:00.000Z',
      });

      const at = (iso: string) => new Date(iso);
      const effectiveDefaultRate = async (_: unknown, country: string, when: Date) =>
        (await countryPricing(db, country, when)).countryDefault ?? undefined;
      expect((await effectiveDefaultRate(db, 'TN', at('2020-06-01T00:00:00Z')))?.id).toBe(old.id);
      expect((await effectiveDefaultRate(db, 'tn', at('2024-12-31T23:59:59.999Z')))?.id).toBe(
        old.id,
      );
      expect((await effectiveDefaultRate(db, 'TN', at('2025-01-01T00:00:00Z')))?.id).toBe(
        current.id,
      );
      expect((await effectiveDefaultRate(db, 'TN', at('2030-01-01T00:00:00Z')))?.id).toBe(
        current.id,
      );
      expect(await effectiveDefaultRate(db, 'TN', at('2017-12-31T23:59:59.999Z'))).toBeUndefined();
      // An inactive default does not count; neither does an unknown country.
      expect(await effectiveDefaultRate(db, 'FR', at('2020-01-01T00:00:00Z'))).toBeUndefined();
      expect(await effectiveDefaultRate(db, 'DE', at('2020-01-01T00:00:00Z'))).toBeUndefined();
    });
  });
});
