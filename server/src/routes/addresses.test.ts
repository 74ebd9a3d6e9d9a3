// The signed-in customer's address book, over HTTP on every test dialect: default rules and
// ownership (another customer's address is a 404, never their data).
import { describe, expect, it } from 'vitest';
import { expectProblem, validationIssues } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { POSTAL_ADDRESS } from '../../test-support/shop';

interface Address {
  id: number;
  label: string | null;
  first_name: string;
  is_default: boolean;
  [key: string]: unknown;
}

const ADDRESSES = '/api/v1/customers/me/addresses';
const NOT_FOUND = { detail: 'Address not found' };
const HOME = { label: 'Home', ...POSTAL_ADDRESS };

describe.each(testDialects)('addresses (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  let seq = 0;
  const newCustomer = async (is_active: 0 | 1 = 1) => {
    seq += 1;
    const at = t.ctx.now().toISOString();
    const row = await t.database.db
      .insertInto('customers')
      .values({ email: `c${seq}@example.com`, is_active, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, auth: await t.customerAuth(row.id) };
  };
  const rows = (customerId: number) =>
    t.database.db
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  const defaults = async (customerId: number) =>
    (await rows(customerId)).filter((r) => r.is_default === 1).map((r) => r.id);

  const list = (headers: Record<string, string>) =>
    t.request('listAddresses', { method: 'GET', url: ADDRESSES, headers });
  const create = (headers: Record<string, string>, payload: object) =>
    t.request('createAddress', { method: 'POST', url: ADDRESSES, headers, payload });
  const add = async (headers: Record<string, string>, payload: object = {}) => {
    const res = await create(headers, { ...HOME, ...payload });
    expect(res.statusCode).toBe(201);
    t.advanceClock(1000); // distinct created_at, for the "newest first" order
    return res.json<Address>();
  };
  const update = (headers: Record<string, string>, id: number, payload: object) =>
    t.request('updateAddress', { method: 'PATCH', url: `${ADDRESSES}/${id}`, headers, payload });
  const remove = (headers: Record<string, string>, id: number) =>
    t.request('deleteAddress', { method: 'DELETE', url: `${ADDRESSES}/${id}`, headers });

  describe('createAddress', () => {
    it('stores the address trimmed, country upper-cased; the first one becomes the default', async () => {
      const c = await newCustomer();
      const res = await create(c.auth, {
        ...HOME,
        first_name: '  Jane ',
        country: 'tn',
        company: 'Acme SARL',
        is_default: false,
      });
      expect(res.statusCode).toBe(201);
      const [stored, ...others] = await rows(c.id);
      expect(others).toEqual([]);
      const saved = {
        label: 'Home',
        first_name: 'Jane',
        last_name: 'Doe',
        company: 'Acme SARL',
        street_address: '12 Avenue Habib Bourguiba',
        apartment: null,
        city: 'Tunis',
        state: null,
        postal_code: '1000',
        country: 'TN',
        phone: '+216 71 000 000',
      };
      expect(stored).toMatchObject({ customer_id: c.id, ...saved, is_default: 1 });
      expect(res.json()).toEqual({
        id: stored!.id,
        ...saved,
        is_default: true,
        created_at: stored!.created_at,
        updated_at: stored!.updated_at,
      });
    });

    it('keeps one default: a later default replaces it, a non-default leaves it', async () => {
      const c = await newCustomer();
      const first = await add(c.auth);
      const second = await add(c.auth, { label: 'Office' });
      expect(second.is_default).toBe(false);
      expect(await defaults(c.id)).toEqual([first.id]);
      const third = await add(c.auth, { label: 'Holiday', is_default: true });
      expect(third.is_default).toBe(true);
      expect(await defaults(c.id)).toEqual([third.id]);

      // Another customer's default is untouched.
      const other = await newCustomer();
      const theirs = await add(other.auth);
      await add(c.auth, { is_default: true });
      expect(await defaults(other.id)).toEqual([theirs.id]);
    });

    it.each([
      [{ ...HOME, first_name: undefined }, ['body', 'first_name'], 'missing'],
      [{ ...HOME, phone: 'abc' }, ['body', 'phone'], 'pattern'],
      [{ ...HOME, customer_id: 2 }, ['body', 'customer_id'], 'extra_forbidden'],
      [{ ...HOME, city: '  ' }, ['body', 'city'], 'value_error'],
      [{ ...HOME, label: ' ' }, ['body', 'label'], 'value_error'],
    ])('refuses %j with 422', async (payload, loc, type) => {
      const c = await newCustomer();
      const res = await create(c.auth, payload);
      expect(res.statusCode).toBe(422);
      expect(validationIssues(res)).toContainEqual(expect.objectContaining({ loc, type }));
      expect(await rows(c.id)).toEqual([]);
    });

    it('names a blank field', async () => {
      const c = await newCustomer();
      const res = await create(c.auth, { ...HOME, street_address: ' ' });
      expect(res.json()).toEqual({
        detail: [
          {
            loc: ['body', 'street_address'],
            msg: 'Street address must not be blank',
            type: 'value_error',
          },
        ],
      });
    });
  });

  describe('listAddresses', () => {
    it("lists only the caller's addresses, the default first, then newest first", async () => {
      const c = await newCustomer();
      const other = await newCustomer();
      await add(other.auth, { label: 'Theirs' });
      const a = await add(c.auth, { label: 'A' }); // default (first)
      const b = await add(c.auth, { label: 'B' });
      const d = await add(c.auth, { label: 'D' });
      let res = await list(c.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json<Address[]>().map((x) => x.label)).toEqual(['A', 'D', 'B']);

      await update(c.auth, b.id, { is_default: true });
      res = await list(c.auth);
      expect(res.json<Address[]>().map((x) => [x.id, x.is_default])).toEqual([
        [b.id, true],
        [d.id, false],
        [a.id, false],
      ]);
      expect((await list((await newCustomer()).auth)).json()).toEqual([]);
    });
  });

  describe('updateAddress', () => {
    it('changes the fields sent; null clears an optional field', async () => {
      const c = await newCustomer();
      const a = await add(c.auth, { apartment: 'Apt 4B' });
      t.advanceClock(60_000);
      const res = await update(c.auth, a.id, { apartment: null, city: ' Sfax ', country: 'fr' });
      expect(res.statusCode).toBe(200);
      const [stored] = await rows(c.id);
      expect(stored).toMatchObject({
        label: 'Home',
        apartment: null,
        city: 'Sfax',
        country: 'FR',
        first_name: 'Jane',
        is_default: 1,
      });
      expect(stored!.updated_at > stored!.created_at).toBe(true);
      expect(res.json()).toMatchObject({ id: a.id, apartment: null, city: 'Sfax', country: 'FR' });
      expect(res.json<Schemas['Address']>().updated_at).toBe(stored!.updated_at);
    });

    it('moves the default with is_default true; false leaves no default', async () => {
      const c = await newCustomer();
      const a = await add(c.auth);
      const b = await add(c.auth);
      const res = await update(c.auth, b.id, { is_default: true });
      expect(res.json()).toMatchObject({ id: b.id, is_default: true });
      expect(await defaults(c.id)).toEqual([b.id]);
      const off = await update(c.auth, b.id, { is_default: false });
      expect(off.json()).toMatchObject({ is_default: false });
      expect(await defaults(c.id)).toEqual([]);
      // false on a non-default address changes nothing else.
      await update(c.auth, a.id, { is_default: true });
      await update(c.auth, b.id, { is_default: false });
      expect(await defaults(c.id)).toEqual([a.id]);
    });

    it("answers 404 for another customer's address and leaves it alone", async () => {
      const owner = await newCustomer();
      const theirs = await add(owner.auth, { is_default: true });
      const before = await rows(owner.id);
      const intruder = await newCustomer();
      await add(intruder.auth);

      const res = await update(intruder.auth, theirs.id, { city: 'Hacked', is_default: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(await rows(owner.id)).toEqual(before);
      expect(await defaults(intruder.id)).toHaveLength(1);

      const missing = await update(intruder.auth, 999_999, { city: 'X' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    });

    it('answers 422 for an empty body and a blank field', async () => {
      const c = await newCustomer();
      const a = await add(c.auth);
      expect((await update(c.auth, a.id, {})).statusCode).toBe(422);
      const blank = await update(c.auth, a.id, { postal_code: ' ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({
        detail: [
          {
            loc: ['body', 'postal_code'],
            msg: 'Postal code must not be blank',
            type: 'value_error',
          },
        ],
      });
      expect((await update(c.auth, a.id, { first_name: null })).statusCode).toBe(422);
      expect((await rows(c.id))[0]).toMatchObject({ postal_code: '1000', first_name: 'Jane' });
    });
  });

  describe('deleteAddress', () => {
    it('deletes the address; deleting the default promotes no other', async () => {
      const c = await newCustomer();
      const a = await add(c.auth);
      const b = await add(c.auth);
      const res = await remove(c.auth, a.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await rows(c.id)).map((r) => [r.id, r.is_default])).toEqual([[b.id, 0]]);
      const again = await remove(c.auth, a.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it("answers 404 for another customer's address and keeps it", async () => {
      const owner = await newCustomer();
      const theirs = await add(owner.auth);
      const intruder = await newCustomer();
      const res = await remove(intruder.auth, theirs.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await rows(owner.id)).map((r) => r.id)).toEqual([theirs.id]);
    });
  });

  it('refuses no token (401), an admin token (403) and a deactivated customer (401)', async () => {
    const c = await newCustomer();
    const a = await add(c.auth);
    const admin = await t.authAs('super_admin');
    const calls = [
      (h: Record<string, string>) => list(h),
      (h: Record<string, string>) => create(h, HOME),
      (h: Record<string, string>) => update(h, a.id, { city: 'X' }),
      (h: Record<string, string>) => remove(h, a.id),
    ];
    const inactive = await newCustomer(0);
    for (const call of calls) {
      const anonymous = await call({});
      expect(anonymous.statusCode).toBe(401);
      const asAdmin = await call(admin);
      expectProblem(asAdmin, 403, 'A customer account is required');
      const off = await call(inactive.auth);
      expectProblem(off, 401, 'Account is inactive or no longer exists');
    }
    expect(await rows(c.id)).toHaveLength(1);
    expect(await rows(inactive.id)).toEqual([]);
  });
});
