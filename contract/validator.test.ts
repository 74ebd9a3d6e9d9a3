// The one validator of requests and answers (server and mocks run it): drifted requests are
// refused with the status and issues the server answers, and every input of the contract is bounded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createContract, MULTIPART, type OpenApiDocument } from './validator';

const document = JSON.parse(
  readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
const contract = createContract(document);
const JSON_TYPE = 'application/json';
const category = { name: 'Shoes', slug: 'shoes' };

const refusal = (input: Parameters<typeof contract.validateRequest>[0]) => {
  const result = contract.validateRequest(input);
  if (result.ok) throw new Error(`accepted ${input.method} ${input.url}`);
  return { status: result.status, detail: result.detail };
};

describe('matchOperation', () => {
  it('finds the operation, literal segments before parameters, trailing slash ignored', () => {
    expect(contract.matchOperation('GET', '/api/v1/admin/products')?.operation.operationId).toBe(
      'listAdminProducts',
    );
    expect(
      contract.matchOperation('PATCH', '/api/v1/admin/variants/bulk/inventory')?.operation
        .operationId,
    ).toBe('bulkUpdateInventory');
    expect(
      contract.matchOperation('PATCH', '/api/v1/admin/variants/12/inventory')?.operation
        .operationId,
    ).toBe('updateVariantInventory');
    expect(contract.matchOperation('PUT', '/api/v1/admin/products/')).toBeUndefined();
    expect(contract.validateRequest({ method: 'GET', url: '/api/v1/nothing' })).toEqual({
      ok: false,
      status: 404,
      detail: 'Not Found',
    });
  });
});

describe('validateRequest', () => {
  it('accepts a valid JSON request and answers typed params, query with defaults and body', () => {
    const result = contract.validateRequest({
      method: 'PATCH',
      url: '/api/v1/admin/variants/7/inventory?ignored=1',
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ stock_quantity: 12 }),
    });
    expect(result).toMatchObject({
      ok: true,
      params: { id: 7 },
      body: { stock_quantity: 12 },
    });
    const list = contract.validateRequest({
      method: 'GET',
      url: '/api/v1/admin/products/?limit=5',
    });
    expect(list).toMatchObject({ ok: true, query: { skip: 0, limit: 5 } });
  });

  it('accepts the pre-fix silent refresh: empty form body on a body-less operation', () => {
    const result = contract.validateRequest({
      method: 'POST',
      url: '/api/v1/admin/auth/refresh?refresh_token=story-access-token-refresh-0123456789',
      contentType: 'application/x-www-form-urlencoded',
      body: '',
    });
    expect(result).toMatchObject({
      ok: true,
      query: { refresh_token: 'story-access-token-refresh-0123456789' },
      body: undefined,
    });
    for (const contentType of ['text/plain', JSON_TYPE, undefined])
      expect(
        contract.validateRequest({
          method: 'POST',
          url: '/api/v1/auth/refresh?refresh_token=customer-refresh-token-0123456789',
          contentType,
        }).ok,
      ).toBe(true);
  });

  it('refuses any body on a body-less operation with 415', () => {
    expect(
      refusal({
        method: 'POST',
        url: '/api/v1/admin/auth/refresh?refresh_token=story-access-token-refresh-0123456789',
        contentType: 'application/x-www-form-urlencoded',
        body: 'refresh_token=story-access-token-refresh-0123456789',
      }),
    ).toEqual({ status: 415, detail: 'This operation takes no request body' });
  });

  it('refuses a form, even an empty one, on an operation whose optional body is JSON (415)', () => {
    const cancelRequest = (contentType: string | undefined, body?: string) => ({
      method: 'POST',
      url: '/api/v1/admin/orders/3/cancel',
      contentType,
      body,
    });
    const cancel = (contentType: string | undefined, body?: string) =>
      contract.validateRequest(cancelRequest(contentType, body));
    const unsupported = {
      status: 415,
      detail: 'Unsupported content type application/x-www-form-urlencoded: send application/json',
    };
    expect(refusal(cancelRequest('application/x-www-form-urlencoded', 'reason=x'))).toEqual(
      unsupported,
    );
    expect(refusal(cancelRequest('application/x-www-form-urlencoded', ''))).toEqual(unsupported);
    // No body at all, or JSON (empty or not): the operation runs.
    expect(cancel(undefined).ok).toBe(true);
    expect(cancel(JSON_TYPE, '').ok).toBe(true);
    expect(cancel(JSON_TYPE, '{"reason":"Changed my mind"}')).toMatchObject({
      ok: true,
      body: { reason: 'Changed my mind' },
    });
  });

  it('refuses a JSON operation sent as text/plain, multipart or without content type with 415', () => {
    const send = (contentType: string | undefined, body: string | typeof MULTIPART) =>
      refusal({ method: 'POST', url: '/api/v1/categories/', contentType, body });
    const expected = {
      status: 415,
      detail: expect.stringMatching(/^Unsupported content type .*: send application\/json$/),
    };
    expect(send('text/plain', JSON.stringify(category))).toEqual(expected);
    expect(send('multipart/form-data; boundary=x', MULTIPART)).toEqual(expected);
    expect(send(undefined, JSON.stringify(category))).toEqual(expected);
  });

  it('refuses a missing body, a missing field and an unknown field with 422 naming them', () => {
    expect(refusal({ method: 'POST', url: '/api/v1/categories/', contentType: JSON_TYPE })).toEqual(
      { status: 422, detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] },
    );
    expect(
      refusal({
        method: 'POST',
        url: '/api/v1/categories/',
        contentType: JSON_TYPE,
        body: JSON.stringify({ name: 'Shoes', colour: 'red' }),
      }),
    ).toEqual({
      status: 422,
      detail: expect.arrayContaining([
        { loc: ['body', 'slug'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'colour'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      ]),
    });
  });

  it('refuses malformed JSON with 400 and a prototype key', () => {
    const send = (body: string) =>
      refusal({ method: 'POST', url: '/api/v1/categories/', contentType: JSON_TYPE, body });
    expect(send('{"name": ')).toEqual({ status: 400, detail: 'Body is not valid JSON' });
    expect(send('{"__proto__": {"x": 1}, "name": "a", "slug": "a"}').status).toBe(400);
  });

  it('does not coerce body types and refuses non-finite or out-of-range integers', () => {
    const inventory = (body: string) =>
      refusal({
        method: 'PATCH',
        url: '/api/v1/admin/variants/7/inventory',
        contentType: JSON_TYPE,
        body,
      }).detail;
    expect(inventory('{"stock_quantity": "Infinity"}')).toEqual([
      { loc: ['body', 'stock_quantity'], msg: 'must be integer', type: 'type' },
    ]);
    expect(inventory('{"stock_quantity": "5"}')).toEqual([
      { loc: ['body', 'stock_quantity'], msg: 'must be integer', type: 'type' },
    ]);
    expect(inventory('{"stock_quantity": 1e400}')).toContainEqual(
      expect.objectContaining({ loc: ['body', 'stock_quantity'] }),
    );
    expect(inventory('{"stock_quantity": 1000000001}')).toEqual([
      { loc: ['body', 'stock_quantity'], msg: 'must be <= 1000000000', type: 'maximum' },
    ]);
    expect(inventory('{"stock_quantity": 2.5}')).toEqual([
      { loc: ['body', 'stock_quantity'], msg: 'must be integer', type: 'type' },
    ]);
  });

  it('parses path and query integers as plain decimals within the bounds only', () => {
    for (const id of ['0x2', '1e3', '+2', 'Infinity', '2.0', ' 2', '-'])
      expect(
        refusal({ method: 'GET', url: `/api/v1/admin/products/${encodeURIComponent(id)}` }),
        id,
      ).toEqual({
        status: 422,
        detail: [{ loc: ['path', 'id'], msg: 'must be integer', type: 'type' }],
      });
    expect(refusal({ method: 'GET', url: '/api/v1/admin/products/2147483648' })).toEqual({
      status: 422,
      detail: [{ loc: ['path', 'id'], msg: 'must be <= 2147483647', type: 'maximum' }],
    });
    expect(refusal({ method: 'GET', url: '/api/v1/admin/products/?skip=1000001' })).toEqual({
      status: 422,
      detail: [{ loc: ['query', 'skip'], msg: 'must be <= 1000000', type: 'maximum' }],
    });
    expect(refusal({ method: 'GET', url: '/api/v1/admin/variants/?page=0x1' }).detail).toEqual([
      { loc: ['query', 'page'], msg: 'must be integer', type: 'type' },
    ]);
    expect(refusal({ method: 'GET', url: '/api/v1/admin/products/?is_active=1' }).detail).toEqual([
      { loc: ['query', 'is_active'], msg: 'must be boolean', type: 'type' },
    ]);
  });

  it('refuses control characters in any string, parameter or body', () => {
    expect(
      refusal({
        method: 'POST',
        url: '/api/v1/categories/',
        contentType: JSON_TYPE,
        body: JSON.stringify({ ...category, description: 'a\u0000b' }),
      }),
    ).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'description'],
          msg: 'must not contain control characters',
          type: 'pattern',
        },
      ],
    });
    expect(refusal({ method: 'GET', url: '/api/v1/products/?search=a%00b' }).detail).toEqual([
      { loc: ['query', 'search'], msg: 'must not contain control characters', type: 'pattern' },
    ]);
    // Line breaks are text, not control characters.
    expect(
      contract.validateRequest({
        method: 'POST',
        url: '/api/v1/categories/',
        contentType: JSON_TYPE,
        body: JSON.stringify({ ...category, description: 'line one\r\nline two\tend' }),
      }).ok,
    ).toBe(true);
  });

  it('leaves multipart bodies to the upload service but checks the content type of JSON ones', () => {
    expect(
      contract.validateRequest({
        method: 'POST',
        url: '/api/v1/admin/uploads/images/single',
        contentType: 'multipart/form-data; boundary=x',
        body: MULTIPART,
      }).ok,
    ).toBe(true);
  });
});

describe('validateResponse', () => {
  it('accepts what the contract describes and says why anything else is not', () => {
    expect(
      contract.validateResponse('getCategoryBySlug', 200, {
        id: 1,
        name: 'Shoes',
      }),
    ).toMatch(/^getCategoryBySlug 200 body does not match the contract/);
    expect(contract.validateResponse('deleteProduct', 404, { detail: 'Product not found' })).toBe(
      null,
    );
    expect(contract.validateResponse('deleteProduct', 404, { message: 'x' })).toMatch(
      /does not match/,
    );
    expect(contract.validateResponse('listAdminProducts', 418, [])).toBe(
      'listAdminProducts answered 418, which the OpenAPI document does not declare',
    );
    expect(contract.validateResponse('listAdminProducts', 500, { detail: 'Boom' })).toBe(null);
    expect(contract.validateResponse('listAdminProducts', 200, [], {})).toBe(
      'listAdminProducts 200 is missing the X-Total-Count header',
    );
  });
});

describe('the contract bounds every input', () => {
  type Node = Record<string, unknown>;
  const resolve = (ref: string): Node =>
    ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Node>((n, k) => n[k] as Node, document as unknown as Node);

  const unbounded: string[] = [];
  const visited = new Set<string>();
  const walk = (schema: Node | undefined, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    if (typeof schema.$ref === 'string') {
      if (!visited.has(schema.$ref)) {
        visited.add(schema.$ref);
        walk(resolve(schema.$ref), schema.$ref);
      }
    }
    const types = ([] as unknown[]).concat(schema.type ?? []);
    if (types.includes('integer') || types.includes('number')) {
      if (schema.minimum === undefined || schema.maximum === undefined)
        unbounded.push(`${where}: ${String(types)} without minimum and maximum`);
    }
    if (types.includes('string') && schema.maxLength === undefined && !schema.enum)
      if (schema.format !== 'binary') unbounded.push(`${where}: string without maxLength`);
    for (const [key, value] of Object.entries((schema.properties as Node) ?? {}))
      walk(value as Node, `${where}.${key}`);
    for (const key of ['items', 'additionalProperties'])
      if (schema[key] && typeof schema[key] === 'object') walk(schema[key] as Node, `${where}[]`);
    for (const key of ['oneOf', 'anyOf', 'allOf'])
      ((schema[key] as Node[] | undefined) ?? []).forEach((s, i) => walk(s, `${where}|${i}`));
  };

  it('every integer has a minimum and maximum, every string a maxLength; ids fit both databases', () => {
    for (const op of contract.operations) {
      const item = document.paths[op.path] as Node;
      const operation = item[op.method.toLowerCase()] as Node;
      const parameters = [
        ...((item.parameters as Node[]) ?? []),
        ...((operation.parameters as Node[]) ?? []),
      ];
      for (const p of parameters) {
        const param = typeof p.$ref === 'string' ? resolve(p.$ref) : p;
        walk(param.schema as Node, `${op.operationId} ${String(param.in)}:${String(param.name)}`);
      }
      let body = operation.requestBody as Node | undefined;
      if (typeof body?.$ref === 'string') body = resolve(body.$ref);
      for (const media of Object.values((body?.content as Node) ?? {}))
        walk((media as Node).schema as Node, `${op.operationId} body`);
    }
    expect(unbounded).toEqual([]);
    expect(resolve('#/components/schemas/Id')).toMatchObject({ minimum: 1, maximum: 2147483647 });
  });
});
