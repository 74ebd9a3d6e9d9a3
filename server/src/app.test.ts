// The wiring every operation shares: routing from the contract, access rules, error shapes, SPA.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../test-support/contract';
import { createTestApp, type TestApp } from '../test-support/app';
import { expectResponseMatches } from '../test-support/openapi-validator';

describe('API wiring', () => {
  let t: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp('sqlite', { spaDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expectProblem(res, 404, 'Not Found');
  });

  it('serves the console for client-side routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/products/12' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('refuses a protected operation without a token (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/vat-rates/' });
    expectProblem(res, 401, 'Not authenticated', 'listVatRates');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a garbage token and an expired one (401)', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vat-rates/',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expectProblem(bad, 401, 'Invalid token');

    const headers = await t.authAs('super_admin');
    t.advanceClock(16 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/admin/vat-rates/', headers });
    t.advanceClock(-16 * 60 * 1000);
    expectProblem(expired, 401, 'Token expired');
  });

  it('keeps customer tokens out of the admin API (403)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vat-rates/',
      headers: await t.customerAuth(1),
    });
    expectProblem(res, 403, 'Admin privileges are required', 'listVatRates');
  });

  const postVatRate = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/vat-rates/', headers, payload });

  it('enforces the role matrix (support may not write VAT rates)', async () => {
    const res = await postVatRate(await t.authAs('support'), {
      name: 'X',
      rate: 10,
      country_code: 'TN',
      effective_from: '2026-01-01T00:00:00.000Z',
    });
    expectProblem(res, 403, 'Your role (support) does not allow this action');
  });

  it('stops a deactivated admin at once, even with a valid token', async () => {
    const admin = await t.createAdmin({ role: 'admin' });
    const listRates = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/vat-rates/',
        headers: { authorization: `Bearer ${admin.token}` },
      });
    // The server keeps the admin it has read: a change must still be seen by the next request.
    expect((await listRates()).statusCode).toBe(200);
    await t.database.db
      .updateTable('admin_users')
      .set({ is_active: 0 })
      .where('id', '=', admin.id)
      .execute();
    expectProblem(await listRates(), 401, 'Account is inactive or no longer exists');
  });

  it('applies a role change and a deletion to the next request of a signed-in admin', async () => {
    const admin = await t.createAdmin({ role: 'admin' });
    const headers = { authorization: `Bearer ${admin.token}` };
    const listUsers = () => t.app.inject({ method: 'GET', url: '/api/v1/admin/users/', headers });
    expect((await listUsers()).statusCode).toBe(200);
    await t.database.db
      .updateTable('admin_users')
      .set({ role: 'support' })
      .where('id', '=', admin.id)
      .execute();
    expectProblem(await listUsers(), 403, 'Your role (support) does not allow this action');
    await t.database.db.deleteFrom('admin_users').where('id', '=', admin.id).execute();
    expectProblem(await listUsers(), 401, 'Account is inactive or no longer exists');
  });

  it('answers invalid input with 422 and a FastAPI-style list naming each field', async () => {
    const res = await postVatRate(await t.authAs('super_admin'), {
      rate: 150,
      country_code: 'TN',
      effective_from: '2026-01-01T00:00:00.000Z',
      colour: 'red',
    });
    expect(res.statusCode).toBe(422);
    const body = expectResponseMatches<{ detail: { loc: unknown[]; type: string }[] }>(
      'createVatRate',
      res,
    );
    expect(body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }),
        expect.objectContaining({ loc: ['body', 'rate'], type: 'maximum' }),
        expect.objectContaining({ loc: ['body', 'colour'], type: 'extra_forbidden' }),
      ]),
    );
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/vat-rates/',
      headers: { ...(await t.authAs('super_admin')), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json<{ detail: unknown }>().detail).toBe('string');
  });
});
