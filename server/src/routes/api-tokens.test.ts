// API tokens (#31) over HTTP on every test dialect: created with part of the creator's
// permissions and shown once, accepted where their scopes allow and refused elsewhere, refused once
// revoked or expired or when their creator leaves, named in the audit log, and wrong ones throttled.
import { describe, expect, it } from 'vitest';
import { useTestApp, type AuthHeaders } from '../../test-support/app';
import { expectProblem, validationIssues, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';

type Created = Schemas['ApiTokenCreated'];
const URL = '/api/v1/admin/api-tokens/';
const HOUR = 60 * 60 * 1000;
const REFUSED = 'Invalid, expired or revoked API token';

describe.each(testDialects)('API tokens (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  const create = (headers: AuthHeaders, payload: Record<string, unknown>) =>
    t.request('createApiToken', { method: 'POST', url: URL, headers, payload });
  const created = async (headers: AuthHeaders, payload: Record<string, unknown>) => {
    const res = await create(headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Created>();
  };
  const bearer = (token: Created) => ({ authorization: `Bearer ${token.token}` });
  const listProducts = (headers: AuthHeaders) =>
    t.app.inject({ method: 'GET', url: '/api/v1/admin/products/', headers });

  it('shows the secret once, keeps only its hash, and lets a token do what its scopes allow', async () => {
    const admin = await t.authAs('admin');
    const token = await created(admin, { name: '  ERP sync ', scopes: ['catalogue:read'] });
    expect(token).toMatchObject({ name: 'ERP sync', scopes: ['catalogue:read'], revoked_at: null });
    expect(token.token).toMatch(/^shp_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
    expect(token.token.startsWith(`${token.prefix}_`)).toBe(true);
    const row = await t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token.token.slice(-32));

    expect((await listProducts(bearer(token))).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories/',
      headers: bearer(token),
      payload: { name: 'Tea', slug: 'tea' },
    });
    expectProblem(write, 403, "This API token's scopes do not include categories:write");
    // A person's operations are not a token's, whatever its scopes.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      headers: bearer(token),
    });
    expectProblem(me, 403, 'API tokens cannot be used for this operation');
    const list = await t.request('listApiTokens', { method: 'GET', url: URL, headers: admin });
    const listed = list.json<Schemas['ApiToken'][]>();
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect(listed[0]?.last_used_at).not.toBeNull();
  });

  it("never gives a token more than its creator's role, nor the power to mint tokens", async () => {
    const manager = await t.authAs('manager');
    const res = await create(manager, { name: 'Too much', scopes: ['orders:read', 'users:write'] });
    expect(res.statusCode).toBe(422);
    expect(validationIssues(res)).toEqual([
      expect.objectContaining({
        loc: ['body', 'scopes', 1],
        msg: 'Your role does not have the permission users:write',
      }),
    ]);
    const mint = await create(manager, { name: 'Minter', scopes: ['api_tokens:manage'] });
    expect(validationIssues(mint)[0]?.msg).toBe('An API token cannot manage API tokens');
    const past = await create(manager, {
      name: 'Old',
      scopes: ['orders:read'],
      expires_at: new Date(t.ctx.now().getTime() - 1000).toISOString(),
    });
    expect(validationIssues(past)[0]?.msg).toBe('The expiry must be in the future');
    expect(await t.database.db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
    const support = await t.authAs('support');
    expectProblem(
      await create(support, { name: 'x', scopes: ['orders:read'] }),
      403,
      'Your role (support) does not allow this action',
    );
  });

  it('refuses a revoked token, an expired one, and one whose creator was deactivated', async () => {
    const admin = await t.authAs('admin');
    const revoked = await created(admin, { name: 'Old ERP', scopes: ['catalogue:read'] });
    const revoke = await t.request('revokeApiToken', {
      method: 'DELETE',
      url: `${URL}${revoked.id}`,
      headers: admin,
    });
    expect(revoke.statusCode).toBe(204);
    expectProblem(await listProducts(bearer(revoked)), 401, REFUSED);

    const creator = await t.createAdmin({ role: 'manager' });
    const theirs = await created(
      { authorization: `Bearer ${creator.token}` },
      { name: 'Shop front', scopes: ['catalogue:read'] },
    );
    expect((await listProducts(bearer(theirs))).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${creator.id}`,
      headers: admin,
      payload: { is_active: false },
    });
    expect(gone.statusCode).toBe(200);
    expectProblem(
      await listProducts(bearer(theirs)),
      401,
      'Account is inactive or no longer exists',
    );

    // Last: the clock moves past the admins' own access tokens too.
    const expiring = await created(admin, {
      name: 'Carrier',
      scopes: ['catalogue:read'],
      expires_at: new Date(t.ctx.now().getTime() + HOUR).toISOString(),
    });
    expect((await listProducts(bearer(expiring))).statusCode).toBe(200);
    t.advanceClock(HOUR + 1000);
    expectProblem(await listProducts(bearer(expiring)), 401, REFUSED);
  });

  it('names the token in the audit log of what it wrote', async () => {
    const admin = await t.createAdmin({ role: 'admin', username: 'alice' });
    const token = await created(
      { authorization: `Bearer ${admin.token}` },
      { name: 'ERP sync', scopes: ['categories:write'] },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories/',
      headers: bearer(token),
      payload: { name: 'Tea', slug: 'tea' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['admin_username', 'entity', 'action'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { admin_username: 'alice', entity: 'api_token', action: 'create' },
      { admin_username: 'alice (API token "ERP sync")', entity: 'category', action: 'create' },
    ]);
  });

  it('answers 429 to wrong tokens from one address past ten, and still takes the right one', async () => {
    t.freezeClock();
    const admin = await t.authAs('admin');
    const token = await created(admin, { name: 'ERP', scopes: ['catalogue:read'] });
    const wrong = { authorization: `Bearer ${token.prefix}_${'x'.repeat(32)}` };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await listProducts(wrong)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expectProblem(
      await listProducts(wrong),
      429,
      'Too many wrong API tokens. Try again in 1 second.',
    );
    expect((await listProducts(bearer(token))).statusCode).toBe(200);
  });
});
