// Back-office users over HTTP on every test dialect: listing, the role matrix, uniqueness,
// self-protection and the last active super admin.
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { useTestApp } from '../../test-support/app';
import { adminLogin, refreshAdminToken } from '../../test-support/auth';
import {
  anyNumber,
  anyString,
  expectIssues,
  expectProblem,
  validationIssues,
} from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';

type AdminUser = Schemas['AdminUser'];
type TokenPair = Schemas['TokenPair'];

const URL = '/api/v1/admin/users/';

describe.each(testDialects)('admin users (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });
  let superAdmin: { id: number; username: string; token: string };
  let asSuper: Record<string, string>;

  beforeEach(async () => {
    superAdmin = await t.createAdmin({ username: 'root', role: 'super_admin' });
    asSuper = { authorization: `Bearer ${superAdmin.token}` };
  });

  const list = (query: string, headers = asSuper) =>
    t.request('listUsers', { method: 'GET', url: `${URL}${query}`, headers });
  const create = (payload: unknown, headers = asSuper) =>
    t.request('createUser', { method: 'POST', url: URL, headers, payload });
  const get = (id: number, headers = asSuper) =>
    t.request('getUser', { method: 'GET', url: `${URL}${id}`, headers });
  const update = (id: number, payload: unknown, headers = asSuper) =>
    t.request('updateUser', { method: 'PATCH', url: `${URL}${id}`, headers, payload });
  const remove = (id: number, headers = asSuper) =>
    t.request('deleteUser', { method: 'DELETE', url: `${URL}${id}`, headers });
  const createUser = async (overrides: Record<string, unknown> = {}) =>
    (await create(newUser(overrides))).json<AdminUser>();
  const row = (id: number) =>
    t.database.db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
  const userCount = async () =>
    (await t.database.db.selectFrom('admin_users').select('id').execute()).length;
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    username: 'jdoe',
    email: 'jdoe@example.com',
    full_name: 'John Doe',
    password: 'secret-pass-1',
    ...overrides,
  });
  const loginStatus = (username: string, password: string) => adminLogin(t.app, username, password);
  const signIn = async (username: string, password: string) =>
    (await loginStatus(username, password)).json<TokenPair>();

  describe('listUsers', () => {
    it('orders by username case-insensitively, pages with skip/limit and sends X-Total-Count', async () => {
      for (const username of ['delta', 'Bravo', 'alpha', 'Charlie']) {
        await t.createAdmin({ username, role: 'manager' });
      }
      const all = await list('');
      expect(all.statusCode).toBe(200);
      expect(all.headers['x-total-count']).toBe('5');
      expect(all.json<AdminUser[]>().map((u) => u.username)).toEqual([
        'alpha',
        'Bravo',
        'Charlie',
        'delta',
        'root',
      ]);
      for (const u of all.json<AdminUser[]>()) {
        expect(Object.keys(u).sort()).toEqual(
          [
            'created_at',
            'email',
            'full_name',
            'id',
            'is_active',
            'two_factor_enabled',
            'last_login',
            'role',
            'updated_at',
            'username',
          ].sort(),
        );
      }

      const page = await list('?skip=1&limit=2');
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe('5');
      expect(page.json<AdminUser[]>().map((u) => u.username)).toEqual(['Bravo', 'Charlie']);
    });

    it('refuses a manager (403), no token (401) and a bad limit (422)', async () => {
      const manager = await list('', await t.authAs('manager'));
      expectProblem(manager, 403, 'Your role (manager) does not allow this action');
      expect((await list('', {})).statusCode).toBe(401);
      const bad = await list('?limit=0');
      expect(bad.statusCode).toBe(422);
      expect(validationIssues(bad)[0]?.loc).toEqual(['query', 'limit']);
    });
  });

  describe('createUser', () => {
    it('creates a manager by default, trims, lower-cases the e-mail and hashes the password', async () => {
      const res = await create(
        newUser({ username: 'JDoe', email: 'John.Doe@Example.COM', full_name: '  John Doe  ' }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json<AdminUser>();
      // As stored and answered: trimmed, the e-mail lower-cased, a manager by default.
      const given = {
        username: 'JDoe',
        email: 'john.doe@example.com',
        full_name: 'John Doe',
        role: 'manager',
      };
      expect(body).toEqual({
        id: anyNumber,
        ...given,
        is_active: true,
        two_factor_enabled: false,
        last_login: null,
        created_at: anyString,
        updated_at: anyString,
      });
      const stored = await row(body.id);
      expect(stored).toMatchObject({ ...given, is_active: 1 });
      expect(stored!.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(stored!.password_hash, 'secret-pass-1')).toBe(true);
      expect((await loginStatus('jdoe', 'secret-pass-1')).statusCode).toBe(200);
    });

    it('takes role and is_active when given', async () => {
      const res = await create(newUser({ role: 'support', is_active: false }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role: 'support', is_active: false });
      expect(await row(res.json<AdminUser>().id)).toMatchObject({ role: 'support', is_active: 0 });
    });

    it('refuses a taken username or e-mail, compared case-insensitively (409)', async () => {
      expect((await create(newUser())).statusCode).toBe(201);
      const before = await userCount();

      const sameName = await create(newUser({ username: 'JDOE', email: 'other@example.com' }));
      expectProblem(sameName, 409, 'Username already exists');

      const sameEmail = await create(newUser({ username: 'other', email: 'JDoe@Example.com' }));
      expectProblem(sameEmail, 409, 'Email already exists');

      expect(await userCount()).toBe(before);
    });

    it('lets only one of two concurrent creates differing in case win', async () => {
      const results = await Promise.all([
        create(newUser({ username: 'Twin', email: 'twin1@example.com' })),
        create(newUser({ username: 'twin', email: 'twin2@example.com' })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.database.db
        .selectFrom('admin_users')
        .select('username')
        .where('username', 'in', ['Twin', 'twin'])
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('lets only a super admin create a super admin', async () => {
      const asAdmin = await t.authAs('admin');
      const before = await userCount();
      const refused = await create(newUser({ role: 'super_admin' }), asAdmin);
      expectProblem(refused, 403, 'Only a super admin can manage super admins');
      expect(await userCount()).toBe(before);

      expect((await create(newUser({ role: 'admin' }), asAdmin)).statusCode).toBe(201);
      const promoted = await create(
        newUser({ username: 'boss', email: 'boss@example.com', role: 'super_admin' }),
      );
      expect(promoted.statusCode).toBe(201);
      expect(promoted.json<AdminUser>().role).toBe('super_admin');

      const manager = await create(
        newUser({ username: 'x1', email: 'x1@example.com' }),
        await t.authAs('manager'),
      );
      expectProblem(manager, 403, 'Your role (manager) does not allow this action');
    });

    it('refuses invalid bodies (422) naming the field', async () => {
      const short = await create(newUser({ password: 'short' }));
      expect(short.statusCode).toBe(422);
      expect(validationIssues(short)).toEqual([
        expect.objectContaining({ loc: ['body', 'password'], type: 'minLength' }),
      ]);

      const blank = await create(newUser({ full_name: '   ' }));
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({
        detail: [
          { loc: ['body', 'full_name'], msg: 'Full name must not be blank', type: 'value_error' },
        ],
      });
      expect(await userCount()).toBe(1);
    });
  });

  describe('getUser', () => {
    it('returns the user, or 404', async () => {
      const created = await createUser();
      const res = await get(created.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);

      const missing = await get(999_999);
      expectProblem(missing, 404, 'User not found');
      expect((await get(created.id, await t.authAs('support'))).statusCode).toBe(403);
    });
  });

  describe('updateUser', () => {
    it('changes only the fields sent; a null password keeps the current one', async () => {
      const created = await createUser();
      const before = (await row(created.id))!;
      t.advanceClock(1000);

      const res = await update(created.id, { full_name: '  Jane Doe ', password: null });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...created,
        full_name: 'Jane Doe',
        updated_at: anyString,
      });
      expect(res.json<AdminUser>().updated_at > created.updated_at).toBe(true);
      const after = (await row(created.id))!;
      expect(after).toEqual({ ...before, full_name: 'Jane Doe', updated_at: after.updated_at });
    });

    it('re-hashes a new password', async () => {
      const created = await createUser();
      const res = await update(created.id, { password: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      const stored = (await row(created.id))!;
      expect(await verifyPassword(stored.password_hash, 'brand-new-pass')).toBe(true);
      expect((await loginStatus('jdoe', 'secret-pass-1')).statusCode).toBe(401);
      expect((await loginStatus('jdoe', 'brand-new-pass')).statusCode).toBe(200);
    });

    it('keeps username and e-mail unique among other users (409), but lets a user change case', async () => {
      const a = await createUser();
      await create(newUser({ username: 'other', email: 'other@example.com' }));

      const name = await update(a.id, { username: 'OTHER' });
      expectProblem(name, 409, 'Username already exists');
      const email = await update(a.id, { email: 'Other@Example.com' });
      expectProblem(email, 409, 'Email already exists');
      expect(await row(a.id)).toMatchObject({ username: 'jdoe', email: 'jdoe@example.com' });

      const own = await update(a.id, { username: 'JDoe', email: 'JDOE@example.com' });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ username: 'JDoe', email: 'jdoe@example.com' });
    });

    it('keeps admins away from super admins and from granting the role (403)', async () => {
      const asAdmin = await t.authAs('admin');
      const refused = await update(superAdmin.id, { full_name: 'Hacked' }, asAdmin);
      expectProblem(refused, 403, 'Only a super admin can manage super admins');
      expect((await row(superAdmin.id))!.full_name).toBe('Test root');

      const manager = await createUser();
      const promote = await update(manager.id, { role: 'super_admin' }, asAdmin);
      expectProblem(promote, 403, 'Only a super admin can manage super admins');
      expect((await row(manager.id))!.role).toBe('manager');

      const toAdmin = await update(manager.id, { role: 'admin' }, asAdmin);
      expect(toAdmin.statusCode).toBe(200);
      expect(toAdmin.json<AdminUser>().role).toBe('admin');
      const bySuper = await update(manager.id, { role: 'super_admin' });
      expect(bySuper.statusCode).toBe(200);
      expect((await row(manager.id))!.role).toBe('super_admin');
    });

    it('refuses to deactivate yourself (409)', async () => {
      const res = await update(superAdmin.id, { is_active: false });
      expectProblem(res, 409, 'You cannot deactivate your own account');
      expect((await row(superAdmin.id))!.is_active).toBe(1);
    });

    it('refuses to demote the last active super admin (409)', async () => {
      // An inactive super admin does not count.
      const dormant = await t.createAdmin({
        username: 'dormant',
        role: 'super_admin',
        is_active: false,
      });
      const res = await update(superAdmin.id, { role: 'admin' });
      expectProblem(res, 409, 'Cannot remove the last active super admin');
      expect((await row(superAdmin.id))!.role).toBe('super_admin');

      // With a second active one, the demotion is allowed.
      expect((await update(dormant.id, { is_active: true })).statusCode).toBe(200);
      const ok = await update(superAdmin.id, { role: 'admin' });
      expect(ok.statusCode).toBe(200);
      expect((await row(superAdmin.id))!.role).toBe('admin');
    });

    it('revokes the refresh tokens of a deactivated user', async () => {
      const created = await createUser({ role: 'admin' });
      const pair = await signIn('jdoe', 'secret-pass-1');
      const res = await update(created.id, { is_active: false });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdminUser>().is_active).toBe(false);
      const tokens = await t.database.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('user_id', '=', created.id)
        .execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.revoked_at).not.toBeNull();

      // Reactivated, the old session still does not come back; the access token stops at once.
      expect((await update(created.id, { is_active: true })).statusCode).toBe(200);
      const refresh = await refreshAdminToken(t.app, pair.refresh_token);
      expect(refresh.statusCode).toBe(401);
    });

    const refreshStatus = async (refreshToken: string) =>
      (await refreshAdminToken(t.app, refreshToken)).statusCode;

    it('ends every session of a user whose password another admin resets', async () => {
      const created = await createUser({ role: 'admin' });
      const laptop = await signIn('jdoe', 'secret-pass-1');
      const phone = await signIn('jdoe', 'secret-pass-1');
      const bystander = await t.createAdmin({ username: 'bystander', password: 'bystander-pw' });
      const other = await signIn(bystander.username, 'bystander-pw');

      expect((await update(created.id, { password: 'reset-by-root' })).statusCode).toBe(200);
      expect(await refreshStatus(laptop.refresh_token)).toBe(401);
      expect(await refreshStatus(phone.refresh_token)).toBe(401);
      // Other users keep their sessions; the new password opens a new one.
      expect(await refreshStatus(other.refresh_token)).toBe(200);
      const fresh = await signIn('jdoe', 'reset-by-root');
      expect(await refreshStatus(fresh.refresh_token)).toBe(200);
    });

    it('ends every other session of a user who changes their own password', async () => {
      const created = await createUser({ role: 'admin' });
      const first = await signIn('jdoe', 'secret-pass-1');
      const second = await signIn('jdoe', 'secret-pass-1');
      const self = { authorization: `Bearer ${second.access_token}` };
      const other = { authorization: `Bearer ${first.access_token}` };
      expect((await update(created.id, { password: 'my-own-new-pw' }, self)).statusCode).toBe(200);
      expect(await refreshStatus(first.refresh_token)).toBe(401);
      expect((await update(created.id, { full_name: 'J' }, other)).statusCode).toBe(401);
      // The session the change was made from goes on.
      expect((await update(created.id, { full_name: 'J' }, self)).statusCode).toBe(200);
      expect(await refreshStatus(second.refresh_token)).toBe(200);
      // A change without a password (null) ends nothing.
      const third = await signIn('jdoe', 'my-own-new-pw');
      expect((await update(created.id, { full_name: 'J', password: null }, self)).statusCode).toBe(
        200,
      );
      expect(await refreshStatus(third.refresh_token)).toBe(200);
    });

    it('ends every refresh family of a deactivated user', async () => {
      const created = await createUser({ role: 'admin' });
      const first = await signIn('jdoe', 'secret-pass-1');
      const second = await signIn('jdoe', 'secret-pass-1');
      const rotated = (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/auth/refresh?refresh_token=${first.refresh_token}`,
        })
      ).json<TokenPair>();
      expect((await update(created.id, { is_active: false })).statusCode).toBe(200);
      expect((await update(created.id, { is_active: true })).statusCode).toBe(200);
      expect(await refreshStatus(rotated.refresh_token)).toBe(401);
      expect(await refreshStatus(second.refresh_token)).toBe(401);
    });

    it('answers 404 for an unknown user and 422 for an empty body', async () => {
      const missing = await update(999_999, { full_name: 'X' });
      expectProblem(missing, 404, 'User not found');
      const empty = await update(superAdmin.id, {});
      expect(empty.statusCode).toBe(422);
    });
  });

  describe('deleteUser', () => {
    it('deletes a user and revokes their refresh tokens (204)', async () => {
      const created = await createUser();
      await loginStatus('jdoe', 'secret-pass-1');
      const res = await remove(created.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await row(created.id)).toBeUndefined();
      expect((await get(created.id)).statusCode).toBe(404);
      const tokens = await t.database.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('user_id', '=', created.id)
        .execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.revoked_at).not.toBeNull();
    });

    it('refuses deleting yourself (409), a super admin as admin (403) and an unknown user (404)', async () => {
      const self = await remove(superAdmin.id);
      expectProblem(self, 409, 'You cannot delete your own account');

      const asAdmin = await t.authAs('admin');
      const bySuper = await remove(superAdmin.id, asAdmin);
      expectProblem(bySuper, 403, 'Only a super admin can manage super admins');
      expect(await row(superAdmin.id)).toBeDefined();

      const missing = await remove(999_999);
      expectProblem(missing, 404, 'User not found');

      const manager = await remove(superAdmin.id, await t.authAs('manager'));
      expect(manager.statusCode).toBe(403);
    });

    it('lets an admin delete another admin, and a super admin delete another super admin', async () => {
      const asAdmin = await t.authAs('admin');
      const other = await t.createAdmin({ role: 'admin' });
      expect((await remove(other.id, asAdmin)).statusCode).toBe(204);
      const second = await t.createAdmin({ role: 'super_admin' });
      expect((await remove(second.id)).statusCode).toBe(204);
      expect(await row(second.id)).toBeUndefined();
    });
  });

  describe('password strength', () => {
    const TOO_WEAK = {
      aaaaaaaa:
        'Password is too weak: Repeated characters like "aaa" are easy to guess. ' +
        'Add more words that are less common. Avoid repeated words and characters.',
      password123:
        'Password is too weak: This is a commonly used password. Add more words that are less common.',
      // Strong for anyone else, not for the user it names (username jdoe, John Doe).
      'jdoe@example.com1':
        'Password is too weak: There should not be any personal or page related data. ' +
        'Add more words that are less common.',
    };
    const issue = (msg: string) => [{ loc: ['body', 'password'], msg, type: 'password_strength' }];

    it('refuses a weak password of a new user (422 saying why) and creates nobody', async () => {
      for (const [password, msg] of Object.entries(TOO_WEAK)) {
        expectIssues(await create(newUser({ password })), 'createUser', issue(msg));
      }
      expect(await userCount()).toBe(1);
      expect((await create(newUser({ password: 'jasmin-boutique-2019' }))).statusCode).toBe(201);
    });

    it('refuses a weak new password on update and keeps the old one', async () => {
      const created = await createUser();
      const before = (await row(created.id))!.password_hash;
      for (const [password, msg] of Object.entries(TOO_WEAK)) {
        expectIssues(await update(created.id, { password }), 'updateUser', issue(msg));
      }
      expect((await row(created.id))!.password_hash).toBe(before);
      expect((await loginStatus('jdoe', 'secret-pass-1')).statusCode).toBe(200);
      // Other changes without a password are not checked for it.
      expect((await update(created.id, { full_name: 'Jane Doe', password: null })).statusCode).toBe(
        200,
      );
    });
  });
});
