// Two-factor sign-in with an authenticator app (issue #24): enrolment, the sign-in's second step,
// recovery codes, throttling of codes, the roles the shop requires it of, a super admin's reset
// and GET /me, over HTTP on every test dialect. Codes are made with otpauth from the secret the
// API answered, at the app's own clock.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../test-support/app';
import {
  anyString,
  expectIssues,
  expectProblem,
  expectStatus,
  type Schemas,
} from '../../test-support/contract';
import { NO_SECOND_FACTOR } from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';
import { permissionsOf, type AdminRole } from '../domain/roles';

type Headers = { authorization: string };
type Admin = Awaited<ReturnType<TestApp['createAdmin']>>;

const ME = '/api/v1/admin/auth/me';
const TOTP_URL = `${ME}/2fa/totp`;
const STEP_MS = 30_000;
const RECOVERY_CODE = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;
const ASK_CODE = 'Enter the code from your authenticator app';
const WRONG_CODE = 'Incorrect code';
const SETUP_REQUIRED = 'Set up two-factor sign-in to continue';

const bearer = (admin: Admin): Headers => ({ authorization: `Bearer ${admin.token}` });

describe.each(testDialects)('two-factor sign-in (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  const codeAt = (secret: string, offsetMs = 0) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      timestamp: t.ctx.now().getTime() + offsetMs,
    });

  const startTotp = (headers: Headers) =>
    t.request('startTotpEnrolment', { method: 'POST', url: TOTP_URL, headers });
  const confirmTotp = (headers: Headers, otp: string) =>
    t.request('confirmTotpEnrolment', {
      method: 'POST',
      url: `${TOTP_URL}/confirm`,
      headers,
      payload: { otp },
    });
  const disableTotp = (headers: Headers, password: string) =>
    t.request('disableTotp', { method: 'DELETE', url: TOTP_URL, headers, payload: { password } });
  const regenerate = (headers: Headers, password: string) =>
    t.request('regenerateRecoveryCodes', {
      method: 'POST',
      url: `${ME}/2fa/recovery-codes`,
      headers,
      payload: { password },
    });
  const me = (headers: Headers) => t.request('getAdminMe', { method: 'GET', url: ME, headers });
  const login = (body: { username: string; password: string; otp?: string }) =>
    t.request('adminLogin', { method: 'POST', url: '/api/v1/admin/auth/login', payload: body });
  const resetTwoFactor = (headers: Headers, id: number) =>
    t.request('resetUserTwoFactor', {
      method: 'DELETE',
      url: `/api/v1/admin/users/${id}/two-factor`,
      headers,
    });
  const setRequiredRoles = async (roles: AdminRole[]) => {
    const owner = await t.createAdmin({ role: 'super_admin' });
    const res = await t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: bearer(owner),
      payload: { two_factor_required_roles: roles },
    });
    return expectStatus<Schemas['ShopSettings']>(res, 200, 'updateShopSettings');
  };
  const adminRow = (id: number) =>
    t.database.db
      .selectFrom('admin_users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const auditOf = (id: number) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'admin_user')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  /** An admin with a confirmed authenticator app; the clock frozen, then moved to the next step. */
  async function enrolled(role: AdminRole = 'manager') {
    t.freezeClock();
    const admin = await t.createAdmin({ role });
    const { secret } = expectStatus<Schemas['TotpEnrolment']>(
      await startTotp(bearer(admin)),
      200,
      'startTotpEnrolment',
    );
    const { recovery_codes: codes } = expectStatus<Schemas['RecoveryCodes']>(
      await confirmTotp(bearer(admin), codeAt(secret)),
      200,
      'confirmTotpEnrolment',
    );
    // The confirming code's step is used up: sign-ins use the next one.
    t.advanceClock(STEP_MS);
    return { admin, secret, codes };
  }

  describe('enrolment', () => {
    it('starts with a sealed secret and its otpauth URI, and confirms with a right code only', async () => {
      t.freezeClock();
      const admin = await t.createAdmin({ username: 'leila', role: 'support' });
      const started = expectStatus<Schemas['TotpEnrolment']>(
        await startTotp(bearer(admin)),
        200,
        'startTotpEnrolment',
      );
      expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(started.otpauth_uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe('/Back office:leila');
      expect(Object.fromEntries(uri.searchParams)).toEqual({
        issuer: 'Back office',
        secret: started.secret,
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      // Stored sealed, pending; the admin has no second factor yet.
      const stored = await t.database.db.selectFrom('admin_totp').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ admin_user_id: admin.id, confirmed_at: null });
      expect(JSON.stringify(stored)).not.toContain(started.secret);
      expect((await adminRow(admin.id)).two_factor_enabled).toBe(0);

      const wrong = String((Number(codeAt(started.secret)) + 1) % 1_000_000).padStart(6, '0');
      expectIssues(await confirmTotp(bearer(admin), wrong), 'confirmTotpEnrolment', [
        { loc: ['body', 'otp'], msg: WRONG_CODE, type: 'value_error' },
      ]);
      expect((await adminRow(admin.id)).two_factor_enabled).toBe(0);

      const confirmed = expectStatus<Schemas['RecoveryCodes']>(
        await confirmTotp(bearer(admin), codeAt(started.secret)),
        200,
        'confirmTotpEnrolment',
      );
      expect(confirmed.recovery_codes).toHaveLength(10);
      for (const code of confirmed.recovery_codes) expect(code).toMatch(RECOVERY_CODE);
      expect(new Set(confirmed.recovery_codes).size).toBe(10);
      const hashes = await t.database.db.selectFrom('admin_recovery_codes').selectAll().execute();
      expect(hashes).toHaveLength(10);
      for (const code of confirmed.recovery_codes) {
        expect(JSON.stringify(hashes)).not.toContain(code.replace('-', ''));
      }
      expect((await adminRow(admin.id)).two_factor_enabled).toBe(1);

      // Enrolled: neither a second start nor a second confirmation.
      expectProblem(
        await startTotp(bearer(admin)),
        409,
        'An authenticator app is already set up; remove it before setting up another',
        'startTotpEnrolment',
      );
      expectProblem(
        await confirmTotp(bearer(admin), codeAt(started.secret)),
        409,
        'Start setting up the authenticator app first',
        'confirmTotpEnrolment',
      );
      const entries = await auditOf(admin.id);
      expect(
        entries.map((e) => [e.action, e.admin_user_id, JSON.parse(e.changes) as unknown]),
      ).toEqual([
        [
          'update',
          admin.id,
          [
            { field: 'authenticator_app', before: false, after: true },
            { field: 'recovery_codes', before: null, after: '10 new' },
            { field: 'two_factor_enabled', before: false, after: true },
          ],
        ],
      ]);
    });

    it('names the shop as issuer, and replaces a pending secret when started again', async () => {
      const admin = await t.createAdmin({ username: 'sami' });
      await t.database.db
        .updateTable('shop_settings')
        .set({ legal_name: 'Maison Carthage SARL' })
        .execute();
      const first = (await startTotp(bearer(admin))).json<Schemas['TotpEnrolment']>();
      expect(first.otpauth_uri).toContain('otpauth://totp/Maison%20Carthage%20SARL:sami?');
      const second = (await startTotp(bearer(admin))).json<Schemas['TotpEnrolment']>();
      expect(second.secret).not.toBe(first.secret);
      expect(await t.database.db.selectFrom('admin_totp').selectAll().execute()).toHaveLength(1);
      expect((await confirmTotp(bearer(admin), codeAt(first.secret))).statusCode).toBe(422);
      expect((await confirmTotp(bearer(admin), codeAt(second.secret))).statusCode).toBe(200);
    });

    it('answers 409 to a confirmation without a pending secret', async () => {
      const admin = await t.createAdmin();
      expectProblem(
        await confirmTotp(bearer(admin), '123456'),
        409,
        'Start setting up the authenticator app first',
        'confirmTotpEnrolment',
      );
    });
  });

  describe('sign-in', () => {
    it('asks for the code after a right password, then signs in with it once', async () => {
      const { admin, secret } = await enrolled();
      const credentials = { username: admin.username, password: admin.password };

      const asked = await login(credentials);
      expect(expectStatus(asked, 401, 'adminLogin')).toEqual({
        detail: ASK_CODE,
        two_factor_required: true,
        two_factor_methods: ['totp', 'recovery_code'],
      });
      expect(await t.database.db.selectFrom('auth_sessions').selectAll().execute()).toHaveLength(
        1, // the one createAdmin made
      );

      const otp = codeAt(secret);
      const signedIn = await login({ ...credentials, otp });
      expect(expectStatus<Schemas['TokenPair']>(signedIn, 200, 'adminLogin')).toMatchObject({
        access_token: anyString,
        user_type: 'admin',
      });

      // The same code again, even within its step: refused like a wrong one.
      const replay = await login({ ...credentials, otp });
      expect(expectStatus(replay, 401, 'adminLogin')).toEqual({
        detail: WRONG_CODE,
        two_factor_required: true,
        two_factor_methods: ['totp', 'recovery_code'],
      });
      // A code of an earlier step is refused too; the next step's passes.
      expect((await login({ ...credentials, otp: codeAt(secret, -STEP_MS) })).statusCode).toBe(401);
      t.advanceClock(STEP_MS);
      expect((await login({ ...credentials, otp: codeAt(secret) })).statusCode).toBe(200);
    });

    it('accepts a code of the step before or after, not two steps away', async () => {
      const { admin, secret } = await enrolled();
      const credentials = { username: admin.username, password: admin.password };
      t.advanceClock(5 * STEP_MS);
      expect((await login({ ...credentials, otp: codeAt(secret, 2 * STEP_MS) })).statusCode).toBe(
        401,
      );
      expect((await login({ ...credentials, otp: codeAt(secret, -STEP_MS) })).statusCode).toBe(200);
      expect((await login({ ...credentials, otp: codeAt(secret, STEP_MS) })).statusCode).toBe(200);
    });

    it('signs in with each recovery code once, however it is typed', async () => {
      const { admin, codes } = await enrolled();
      const credentials = { username: admin.username, password: admin.password };
      const [first, second] = codes as [string, string];

      expect((await login({ ...credentials, otp: first })).statusCode).toBe(200);
      const again = await login({ ...credentials, otp: first });
      expect(expectStatus(again, 401, 'adminLogin')).toMatchObject({
        detail: WRONG_CODE,
        two_factor_required: true,
      });
      expect(
        (await login({ ...credentials, otp: ` ${second.toUpperCase().replace('-', '')} ` }))
          .statusCode,
      ).toBe(200);

      const status = expectStatus<Schemas['AdminMe']>(await me(bearer(admin)), 200, 'getAdminMe');
      expect(status.two_factor).toMatchObject({ totp: true, recovery_codes_left: 8 });
    });

    it('counts wrong codes like wrong passwords, and never forgets them for a right password', async () => {
      const { admin, secret } = await enrolled();
      const credentials = { username: admin.username, password: admin.password };
      // Asking again and again is no failure (the password is right).
      for (let i = 0; i < 8; i++) {
        expectProblemBody(await login(credentials), ASK_CODE);
      }
      for (let i = 0; i < 4; i++) {
        expectProblemBody(await login({ ...credentials, otp: '000000' }), WRONG_CODE);
      }
      // A right password without a code between failures does not reset their count.
      expectProblemBody(await login(credentials), ASK_CODE);
      expectProblemBody(await login({ ...credentials, otp: 'aaaaa-bbbbb' }), WRONG_CODE);
      // The fifth failure makes the username wait, even with the right code.
      const refused = await login({ ...credentials, otp: codeAt(secret) });
      expectProblem(
        refused,
        429,
        'Too many failed login attempts. Try again in 2 seconds.',
        'adminLogin',
      );
      t.advanceClock(2000);
      expect((await login({ ...credentials, otp: codeAt(secret) })).statusCode).toBe(200);
    });

    it('offers a passkey sign-in to an admin whose second factor is a passkey', async () => {
      const admin = await t.createAdmin();
      await t.database.db
        .insertInto('admin_passkeys')
        .values({
          admin_user_id: admin.id,
          credential_id: 'Y3JlZGVudGlhbC0x',
          public_key: 'a2V5',
          name: 'Laptop',
        })
        .execute();
      const credentials = { username: admin.username, password: admin.password };
      const asked = expectStatus<Schemas['LoginProblem']>(
        await login(credentials),
        401,
        'adminLogin',
      );
      expect(asked).toEqual({
        detail: 'Confirm with your passkey to finish signing in',
        two_factor_required: true,
        two_factor_methods: ['passkey'],
        passkey_options: expect.objectContaining({
          challenge: anyString,
          rpId: 'shop.test',
          allowCredentials: [expect.objectContaining({ id: 'Y3JlZGVudGlhbC0x' })],
        }) as unknown,
      });
      // A code is no way in for this admin.
      expectProblemBody(await login({ ...credentials, otp: '123456' }), WRONG_CODE);
    });

    it('signs in without a code once the app is removed', async () => {
      const { admin } = await enrolled();
      expect((await disableTotp(bearer(admin), admin.password)).statusCode).toBe(204);
      expect((await login({ username: admin.username, password: admin.password })).statusCode).toBe(
        200,
      );
    });
  });

  function expectProblemBody(res: Awaited<ReturnType<typeof login>>, detail: string) {
    expect(expectStatus(res, 401, 'adminLogin')).toMatchObject({
      detail,
      two_factor_required: true,
    });
  }

  describe('removing the app and new recovery codes', () => {
    it('needs the password to remove the app, and removes its recovery codes', async () => {
      const { admin } = await enrolled();
      expectIssues(await disableTotp(bearer(admin), 'not-my-password'), 'disableTotp', [
        { loc: ['body', 'password'], msg: 'Incorrect password', type: 'value_error' },
      ]);
      expect((await adminRow(admin.id)).two_factor_enabled).toBe(1);

      expect((await disableTotp(bearer(admin), admin.password)).statusCode).toBe(204);
      expect((await adminRow(admin.id)).two_factor_enabled).toBe(0);
      expect(await t.database.db.selectFrom('admin_totp').selectAll().execute()).toEqual([]);
      expect(await t.database.db.selectFrom('admin_recovery_codes').selectAll().execute()).toEqual(
        [],
      );
      expectProblem(
        await disableTotp(bearer(admin), admin.password),
        409,
        'No authenticator app is set up',
        'disableTotp',
      );
      const entries = await auditOf(admin.id);
      expect(JSON.parse(entries.at(-1)!.changes)).toEqual([
        { field: 'authenticator_app', before: true, after: false },
        { field: 'recovery_codes', before: '10 unused', after: null },
        { field: 'two_factor_enabled', before: true, after: false },
      ]);
    });

    it('replaces every recovery code with ten new ones, with the password', async () => {
      const { admin, codes } = await enrolled();
      const credentials = { username: admin.username, password: admin.password };
      expect((await login({ ...credentials, otp: codes[0]! })).statusCode).toBe(200);

      expectIssues(await regenerate(bearer(admin), 'wrong'), 'regenerateRecoveryCodes', [
        { loc: ['body', 'password'], msg: 'Incorrect password', type: 'value_error' },
      ]);
      const fresh = expectStatus<Schemas['RecoveryCodes']>(
        await regenerate(bearer(admin), admin.password),
        200,
        'regenerateRecoveryCodes',
      ).recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
      expect((await login({ ...credentials, otp: codes[1]! })).statusCode).toBe(401);
      expect((await login({ ...credentials, otp: fresh[0]! })).statusCode).toBe(200);
      const entries = await auditOf(admin.id);
      expect(JSON.parse(entries.at(-1)!.changes)).toEqual([
        { field: 'recovery_codes', before: '9 unused', after: '10 new' },
      ]);

      const other = await t.createAdmin();
      expectProblem(
        await regenerate(bearer(other), other.password),
        409,
        'No authenticator app is set up',
        'regenerateRecoveryCodes',
      );
    });
  });

  describe('roles that require a second factor', () => {
    it('keeps an admin without one to /me and their own account until they enrol', async () => {
      const saved = await setRequiredRoles(['admin', 'super_admin']);
      expect(saved.two_factor_required_roles).toEqual(['super_admin', 'admin']);
      t.freezeClock();
      const admin = await t.createAdmin({ role: 'admin' });
      const manager = await t.createAdmin({ role: 'manager' });
      const products = (headers: Headers) =>
        t.request('listAdminProducts', {
          method: 'GET',
          url: '/api/v1/admin/products/',
          headers,
        });

      expectProblem(await products(bearer(admin)), 403, SETUP_REQUIRED, 'listAdminProducts');
      expect((await products(bearer(manager))).statusCode).toBe(200);
      const before = expectStatus<Schemas['AdminMe']>(await me(bearer(admin)), 200, 'getAdminMe');
      expect(before.two_factor).toEqual({
        totp: false,
        passkeys: 0,
        recovery_codes_left: 0,
        required: true,
        setup_required: true,
      });

      const { secret } = (await startTotp(bearer(admin))).json<Schemas['TotpEnrolment']>();
      expect((await confirmTotp(bearer(admin), codeAt(secret))).statusCode).toBe(200);
      expect((await products(bearer(admin))).statusCode).toBe(200);
      const after = expectStatus<Schemas['AdminMe']>(await me(bearer(admin)), 200, 'getAdminMe');
      expect(after.two_factor).toMatchObject({ required: true, setup_required: false });

      // Their last second factor cannot be removed while the role requires one.
      expectProblem(
        await disableTotp(bearer(admin), admin.password),
        409,
        'Your role requires two-factor sign-in: add a passkey before removing the authenticator app',
        'disableTotp',
      );
    });

    it('applies a change of the settings at once, and records it in their history', async () => {
      const admin = await t.createAdmin({ role: 'admin' });
      const jobs = () =>
        t.request('listJobs', { method: 'GET', url: '/api/v1/admin/jobs', headers: bearer(admin) });
      expect((await jobs()).statusCode).toBe(200);
      await setRequiredRoles(['admin']);
      expectProblem(await jobs(), 403, SETUP_REQUIRED, 'listJobs');
      await setRequiredRoles([]);
      expect((await jobs()).statusCode).toBe(200);

      const history = await t.database.db
        .selectFrom('shop_settings_changes')
        .select('changes')
        .orderBy('id')
        .execute();
      expect(history.map((h) => JSON.parse(h.changes) as unknown)).toEqual([
        [{ field: 'two_factor_required_roles', before: null, after: 'admin' }],
        [{ field: 'two_factor_required_roles', before: 'admin', after: null }],
      ]);
    });
  });

  describe('resetUserTwoFactor', () => {
    it('removes every second factor of the user and ends their sessions, for a super admin', async () => {
      const { admin: user } = await enrolled('admin');
      const owner = await t.createAdmin({ role: 'super_admin' });
      const otherAdmin = await t.createAdmin({ role: 'admin' });
      await t.database.db
        .insertInto('admin_passkeys')
        .values({
          admin_user_id: user.id,
          credential_id: 'credential-1',
          public_key: 'key',
          name: 'Laptop',
        })
        .execute();

      expectProblem(
        await resetTwoFactor(bearer(otherAdmin), user.id),
        403,
        'Your role (admin) does not allow this action',
        'resetUserTwoFactor',
      );
      expect((await me(bearer(user))).statusCode).toBe(200);

      const res = await resetTwoFactor(bearer(owner), user.id);
      expect(res.statusCode).toBe(204);
      expect((await adminRow(user.id)).two_factor_enabled).toBe(0);
      for (const table of ['admin_totp', 'admin_recovery_codes', 'admin_passkeys'] as const) {
        expect(await t.database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
      expect((await me(bearer(user))).statusCode).toBe(401);
      expect((await login({ username: user.username, password: user.password })).statusCode).toBe(
        200,
      );
      const entries = await auditOf(user.id);
      expect(entries.at(-1)).toMatchObject({ admin_user_id: owner.id, label: user.username });
      expect(JSON.parse(entries.at(-1)!.changes)).toEqual([
        { field: 'authenticator_app', before: true, after: false },
        { field: 'recovery_codes', before: '10 unused', after: null },
        { field: 'passkeys', before: 1, after: 0 },
        { field: 'sessions', before: null, after: 'ended' },
        { field: 'two_factor_enabled', before: true, after: false },
      ]);
    });

    it('answers 404 for an unknown user and 409 for your own account', async () => {
      const owner = await t.createAdmin({ role: 'super_admin' });
      expectProblem(
        await resetTwoFactor(bearer(owner), 999_999),
        404,
        'User not found',
        'resetUserTwoFactor',
      );
      expectProblem(
        await resetTwoFactor(bearer(owner), owner.id),
        409,
        'You cannot reset your own second factors; manage them on My account',
        'resetUserTwoFactor',
      );
    });
  });

  describe('getAdminMe', () => {
    it('answers the user, the permissions of their role, their second factors and the session', async () => {
      const manager = await t.createAdmin({ username: 'nadia', role: 'manager' });
      const row = await adminRow(manager.id);
      const claims = await t.ctx.tokens.verify(manager.token, t.ctx.now());
      const body = expectStatus<Schemas['AdminMe']>(await me(bearer(manager)), 200, 'getAdminMe');
      expect(body).toEqual({
        id: manager.id,
        username: 'nadia',
        email: 'nadia@example.com',
        full_name: 'Test nadia',
        role: 'manager',
        is_active: true,
        two_factor_enabled: false,
        last_login: null,
        created_at: row.created_at,
        updated_at: row.updated_at,
        permissions: permissionsOf('manager'),
        two_factor: NO_SECOND_FACTOR,
        session_id: claims.sessionId,
      });
      expect(body.permissions).toEqual([
        'catalogue:read',
        'products:write',
        'categories:write',
        'vat:write',
        'variants:write',
        'orders:read',
        'orders:write',
        'payments:write',
        'discounts:write',
        'customers:write',
        'uploads:write',
        'settings:read',
        'analytics:read',
        'api_tokens:manage',
      ]);
    });
  });
});
