// The server validates every request with contract/ (the mocks' validator too): what used to get
// through unvalidated (other content types, no body, "Infinity", huge ids, NUL bytes) is refused
// before any handler runs, and body-less operations such as refresh accept any empty body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, validationIssues } from '../../test-support/contract';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertCustomer,
  insertProduct,
  insertVariant,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { stockOf } from '../../test-support/shop';
import { stockMovementsOf } from '../../test-support/stock';
import { newRefreshToken } from '../../test-support/auth';

const JSON_TYPE = 'application/json';

describe.each(testDialects)('request validation by the contract (%s)', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  let variantId: number;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.authAs('super_admin');
    const category = await insertCategory(t.database.db);
    categoryId = category.id;
    const product = await insertProduct(t.database.db, { category_id: category.id });
    variantId = (await insertVariant(t.database.db, product.id, { stock_quantity: 7 })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
  ) => t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) });

  const stock = () => stockOf(t.database.db, variantId);

  describe('refresh has no body: any empty body is accepted whatever its content type', () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      JSON_TYPE,
      undefined,
    ]) {
      it(`admin and customer refresh with ${contentType ?? 'no content type'}`, async () => {
        const { id } = await t.createAdmin();
        const customer = await insertCustomer(t.database.db);
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        for (const [url, userType, userId, operationId] of [
          ['/api/v1/admin/auth/refresh', 'admin', id, 'refreshAdminToken'],
          ['/api/v1/auth/refresh', 'customer', customer.id, 'refreshCustomerToken'],
        ] as const) {
          const token = await newRefreshToken(t.database.db, userType, userId, t.ctx.now());
          const res = await inject('POST', `${url}?refresh_token=${token}`, { headers, body: '' });
          expect(res.statusCode, `${url} ${res.body}`).toBe(200);
          expect(expectResponseMatches<{ user_type: string }>(operationId, res).user_type).toBe(
            userType,
          );
        }
      });
    }

    it('refuses a body sent to it with 415', async () => {
      const res = await inject(
        'POST',
        `/api/v1/admin/auth/refresh?refresh_token=${'r'.repeat(40)}`,
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `refresh_token=${'r'.repeat(40)}`,
        },
      );
      expectProblem(res, 415, 'This operation takes no request body');
    });
  });

  it('answers 415 to anonymous JSON operations sent as text or multipart, 422 without a body', async () => {
    for (const url of [
      '/api/v1/admin/auth/login',
      '/api/v1/auth/send-magic-link',
      '/api/v1/orders/?session_id=fuzz-session-01',
    ]) {
      const text = await inject('POST', url, {
        headers: { 'content-type': 'text/plain' },
        body: '{"email": "a@example.com"}',
      });
      expect(text.statusCode, url).toBe(415);
      expect(text.json()).toEqual({
        detail: 'Unsupported content type text/plain: send application/json',
      });
      const multipart = await inject('POST', url, {
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--b--\r\n',
      });
      expect(multipart.statusCode, url).toBe(415);
      const none = await inject('POST', url);
      expect(none.statusCode, url).toBe(422);
      expect(none.json()).toEqual({
        detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
      });
    }
  });

  it('does not run PATCH, cancel or duplicate with a body it cannot validate', async () => {
    const patch = await inject('PATCH', `/api/v1/categories/${categoryId}`, {
      headers: { ...admin, 'content-type': 'text/plain' },
      body: '{"name": "Changed"}',
    });
    expect(patch.statusCode).toBe(415);
    const category = await t.database.db
      .selectFrom('categories')
      .select('name')
      .where('id', '=', categoryId)
      .executeTakeFirstOrThrow();
    expect(category.name).not.toBe('Changed');

    // 415, not 404: the handler never ran.
    const cancel = await inject('POST', '/api/v1/admin/orders/999/cancel', {
      headers: { ...admin, 'content-type': 'text/plain' },
      body: 'please',
    });
    expect(cancel.statusCode).toBe(415);

    const before = await t.database.db.selectFrom('variants').select('id').execute();
    const duplicate = await inject('POST', `/api/v1/admin/variants/${variantId}/duplicate`, {
      headers: admin,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(await t.database.db.selectFrom('variants').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses "Infinity", 1e400 and strings for integers in bodies, and stores nothing', async () => {
    for (const body of [
      '{"stock_quantity": "Infinity"}',
      '{"stock_quantity": 1e400}',
      '{"stock_quantity": "12"}',
      '{"stock_quantity": 1000000001}',
      '{"stock_quantity": 1.5}',
    ]) {
      const res = await inject('PATCH', `/api/v1/admin/variants/${variantId}/inventory`, {
        headers: { ...admin, 'content-type': JSON_TYPE },
        body,
      });
      expect(res.statusCode, body).toBe(422);
      expect(validationIssues(res)[0]?.loc).toEqual(['body', 'stock_quantity']);
    }
    expect(await stock()).toBe(7);
    const display = await inject('PATCH', `/api/v1/categories/${categoryId}`, {
      headers: { ...admin, 'content-type': JSON_TYPE },
      body: '{"display_order": 1e400}',
    });
    expect(display.statusCode).toBe(422);
    expect((await inject('GET', '/api/v1/categories/')).statusCode).toBe(200);
  });

  it('keeps stock within the contract: at most 1,000,000,000, adjustments included', async () => {
    const headers = { ...admin, 'content-type': JSON_TYPE };
    const set = await inject('PATCH', `/api/v1/admin/variants/${variantId}/inventory`, {
      headers,
      body: '{"stock_quantity": 1000000000}',
    });
    expect(set.statusCode).toBe(200);
    const movements = async () => (await stockMovementsOf(t.database.db, variantId)).length;
    const before = await movements();
    const add = await inject('POST', `/api/v1/admin/variants/${variantId}/inventory/adjust`, {
      headers,
      body: '{"adjustment": 1}',
    });
    expectProblem(
      add,
      409,
      'Stock cannot go beyond ±1000000000: 1000000000 in stock, cannot apply +1',
      'adjustVariantStock',
    );
    expect(await stock()).toBe(1_000_000_000);
    expect(await movements()).toBe(before);
    const back = await inject('PATCH', `/api/v1/admin/variants/${variantId}/inventory`, {
      headers,
      body: '{"stock_quantity": 7}',
    });
    expect(back.statusCode).toBe(200);
  });

  it('parses ids as plain decimals that both databases hold', async () => {
    for (const id of ['0x2', '1e0', '+1', '2147483648', '99999999999999999999', '1.0']) {
      const res = await inject('GET', `/api/v1/admin/products/${id}`, { headers: admin });
      expect(res.statusCode, id).toBe(422);
      expect(validationIssues(res)[0]?.loc).toEqual(['path', 'id']);
    }
    expect(
      (await inject('GET', '/api/v1/admin/products/2147483647', { headers: admin })).statusCode,
    ).toBe(404);
  });

  it('refuses NUL bytes in parameters and bodies, and stores none', async () => {
    const search = await inject('GET', '/api/v1/products/?search=a%00b');
    expect(search.statusCode).toBe(422);
    expect(validationIssues(search)[0]?.loc).toEqual(['query', 'search']);
    const create = await inject('POST', '/api/v1/categories/', {
      headers: { ...admin, 'content-type': JSON_TYPE },
      body: JSON.stringify({ name: 'Nul\u0000Cat', slug: 'nul-cat' }),
    });
    expect(create.statusCode).toBe(422);
    expect(create.json()).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: 'must not contain control characters', type: 'pattern' },
      ],
    });
    const stored = await t.database.db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'nul-cat')
      .execute();
    expect(stored).toEqual([]);
  });

  it('bounds skip and page', async () => {
    const over = await inject('GET', '/api/v1/admin/products/?skip=1000001', { headers: admin });
    expect(over.statusCode).toBe(422);
    const max = await inject('GET', '/api/v1/admin/products/?skip=1000000', { headers: admin });
    expect(max.statusCode).toBe(200);
    expect(max.json()).toEqual([]);
    const page = await inject('GET', '/api/v1/admin/variants/?page=100001', { headers: admin });
    expect(page.statusCode).toBe(422);
    const lastPage = await inject('GET', '/api/v1/admin/variants/?page=100000', { headers: admin });
    expect(lastPage.statusCode).toBe(200);
  });

  it('checks access before input: 401 and 403 come before 422 and 415', async () => {
    const anonymous = await inject('POST', '/api/v1/categories/', {
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
    const support = await inject('POST', '/api/v1/categories/', {
      headers: { ...(await t.authAs('support')), 'content-type': JSON_TYPE },
      body: '{"colour": "red"}',
    });
    expect(support.statusCode).toBe(403);
  });
});
