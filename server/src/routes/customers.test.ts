// The signed-in customer's profile and the VAT number check, over HTTP on every test dialect.
import { describe, expect, it } from 'vitest';
import { expectProblem, validationIssues } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCustomer as insertCustomerRow, newCustomerBody } from '../../test-support/fixtures';

const ME = '/api/v1/customers/me';

describe.each(testDialects)('customer profile (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  let seq = 0;
  const insertCustomer = (values: { is_active?: 0 | 1 } = {}) => {
    seq += 1;
    const at = t.ctx.now().toISOString();
    return insertCustomerRow(t.database.db, {
      email: `customer${seq}@example.com`,
      first_name: null,
      last_name: null,
      created_at: at,
      updated_at: at,
      ...values,
    });
  };
  const row = (id: number) =>
    t.database.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const getProfile = (headers: Record<string, string>) =>
    t.request('getCustomerProfile', { method: 'GET', url: ME, headers });
  const patchProfile = (headers: Record<string, string>, payload: unknown) =>
    t.request('updateCustomerProfile', { method: 'PATCH', url: ME, headers, payload });
  const validateVat = (headers: Record<string, string>, payload: unknown) =>
    t.request('validateVatNumber', { method: 'POST', url: `${ME}/validate-vat`, headers, payload });

  describe('getCustomerProfile', () => {
    it("returns the caller's own profile", async () => {
      const customer = await insertCustomer();
      await insertCustomer(); // someone else
      const res = await getProfile(await t.customerAuth(customer.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(newCustomerBody(customer));
    });

    it('refuses no token (401), an admin (403), a deactivated or deleted customer (401)', async () => {
      expect((await getProfile({})).statusCode).toBe(401);
      const admin = await getProfile(await t.authAs('super_admin'));
      expectProblem(admin, 403, 'A customer account is required');

      const inactive = await insertCustomer({ is_active: 0 });
      const res = await getProfile(await t.customerAuth(inactive.id));
      expectProblem(res, 401, 'Account is inactive or no longer exists');
      const gone = await getProfile(await t.customerAuth(999_999));
      expectProblem(gone, 401, 'Account is inactive or no longer exists');
    });
  });

  describe('updateCustomerProfile', () => {
    it('changes the fields sent, normalises the VAT number and country, stamps updated_at', async () => {
      const customer = await insertCustomer();
      const auth = await t.customerAuth(customer.id);
      t.advanceClock(60_000);
      const res = await patchProfile(auth, {
        first_name: '  Jeanne ',
        last_name: 'Dupont',
        phone: '+33 1 23 45 67 89',
        customer_type: 'professional',
        company_name: 'Acme SARL',
        vat_number: 'fr 40.303-265 045',
        country_code: 'fr',
      });
      expect(res.statusCode).toBe(200);
      const stored = await row(customer.id);
      const profile = {
        email: customer.email,
        first_name: 'Jeanne',
        last_name: 'Dupont',
        phone: '+33 1 23 45 67 89',
        customer_type: 'professional',
        company_name: 'Acme SARL',
        vat_number: 'FR40303265045',
        country_code: 'FR',
        created_at: customer.created_at,
      };
      expect(stored).toMatchObject(profile);
      expect(stored.updated_at > customer.updated_at).toBe(true);
      expect(res.json()).toEqual({
        id: customer.id,
        ...profile,
        updated_at: stored.updated_at,
      });

      // Only what is sent changes; null clears.
      const second = await patchProfile(auth, { company_name: null, vat_number: null });
      expect(second.statusCode).toBe(200);
      expect(await row(customer.id)).toMatchObject({
        first_name: 'Jeanne',
        customer_type: 'professional',
        company_name: null,
        vat_number: null,
        country_code: 'FR',
      });
    });

    it('stores a VAT number of invalid format (only normalised)', async () => {
      const customer = await insertCustomer();
      const res = await patchProfile(await t.customerAuth(customer.id), {
        vat_number: 'de 12-34',
      });
      expect(res.statusCode).toBe(200);
      expect((await row(customer.id)).vat_number).toBe('DE1234');
    });

    it.each([
      [{}, ['body'], 'minProperties'],
      [{ email: 'new@example.com' }, ['body', 'email'], 'extra_forbidden'],
      [{ phone: 'call me' }, ['body', 'phone'], 'pattern'],
      [{ customer_type: 'company' }, ['body', 'customer_type'], 'enum'],
      [{ country_code: 'FRA' }, ['body', 'country_code'], 'maxLength'],
      [{ first_name: '   ' }, ['body', 'first_name'], 'value_error'],
      [{ vat_number: ' -. ' }, ['body', 'vat_number'], 'value_error'],
    ])('refuses %j with 422 and changes nothing', async (payload, loc, type) => {
      const customer = await insertCustomer();
      const res = await patchProfile(await t.customerAuth(customer.id), payload);
      expect(res.statusCode).toBe(422);
      const issue = validationIssues(res).find(
        (d) => JSON.stringify(d.loc) === JSON.stringify(loc),
      );
      expect(issue).toMatchObject({ type });
      expect(await row(customer.id)).toEqual(customer);
    });

    it('names the blank field', async () => {
      const customer = await insertCustomer();
      const res = await patchProfile(await t.customerAuth(customer.id), { last_name: ' ' });
      expect(res.json()).toEqual({
        detail: [
          { loc: ['body', 'last_name'], msg: 'Last name must not be blank', type: 'value_error' },
        ],
      });
      const vat = await patchProfile(await t.customerAuth(customer.id), { vat_number: '..' });
      expect(vat.json()).toEqual({
        detail: [
          {
            loc: ['body', 'vat_number'],
            msg: 'VAT number must contain letters or digits',
            type: 'value_error',
          },
        ],
      });
    });

    it('refuses an admin (403) and a deactivated customer (401)', async () => {
      const admin = await patchProfile(await t.authAs('super_admin'), { first_name: 'X' });
      expect(admin.statusCode).toBe(403);
      const inactive = await insertCustomer({ is_active: 0 });
      const res = await patchProfile(await t.customerAuth(inactive.id), { first_name: 'X' });
      expectProblem(res, 401, 'Account is inactive or no longer exists');
      expect((await row(inactive.id)).first_name).toBeNull();
    });
  });

  describe('validateVatNumber', () => {
    // Each checked number and its whole answer; the check never stores anything on the customer.
    it.each([
      {
        what: 'a valid EU number as eligible for the reverse charge',
        body: { vat_number: 'FR 40 303 265 045', country_code: 'fr' },
        answer: {
          valid: true,
          vat_number: 'FR40303265045',
          country_code: 'FR',
          check: 'format',
          is_eu: true,
          reverse_charge_eligible: true,
          message: 'Valid VAT number format for FR (offline check only).',
        },
      },
      {
        what: 'an invalid number with valid false',
        body: { vat_number: 'NL123456789', country_code: 'NL' },
        answer: {
          valid: false,
          vat_number: 'NL123456789',
          country_code: 'NL',
          check: 'format',
          is_eu: true,
          reverse_charge_eligible: false,
          message:
            'Invalid VAT number format for NL: expected NL followed by 9 digits, B and 2 digits.',
        },
      },
      {
        what: 'a Tunisian matricule fiscal as valid, but without reverse charge outside the EU',
        body: { vat_number: '1234567a/a/m/000', country_code: 'TN' },
        answer: {
          valid: true,
          vat_number: '1234567A/A/M/000',
          country_code: 'TN',
          check: 'format',
          is_eu: false,
          reverse_charge_eligible: false,
          message: 'Valid VAT number format for TN (offline check only).',
        },
      },
    ])('answers $what, and stores nothing', async ({ body, answer }) => {
      const customer = await insertCustomer();
      const res = await validateVat(await t.customerAuth(customer.id), body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(answer);
      expect(await row(customer.id)).toEqual(customer);
    });

    it('adds the missing prefix', async () => {
      const auth = await t.customerAuth((await insertCustomer()).id);
      const prefixed = await validateVat(auth, { vat_number: '136.695.976', country_code: 'DE' });
      expect(prefixed.json()).toMatchObject({ valid: true, vat_number: 'DE136695976' });
    });

    it('answers 422 for an invalid body, 403 for an admin, 401 for a deactivated customer', async () => {
      const auth = await t.customerAuth((await insertCustomer()).id);
      const missing = await validateVat(auth, { vat_number: 'FR40303265045' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        detail: [{ loc: ['body', 'country_code'], msg: 'Field required', type: 'missing' }],
      });
      const admin = await validateVat(await t.authAs('super_admin'), {
        vat_number: 'FR40303265045',
        country_code: 'FR',
      });
      expect(admin.statusCode).toBe(403);
      const inactive = await insertCustomer({ is_active: 0 });
      const res = await validateVat(await t.customerAuth(inactive.id), {
        vat_number: 'FR40303265045',
        country_code: 'FR',
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
