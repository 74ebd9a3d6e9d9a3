// changeMyPassword over HTTP on every test dialect: every role changes its own password; the
// current password is required (a wrong one counts like a failed sign-in), the new one must be
// strong; the other sessions end at once, this one goes on; the change is audited.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';
import { adminLogin, adminMe, refreshAdminToken, storedAdmin } from '../../test-support/auth';
import { expectIssues, expectProblem, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import type { AdminRole } from '../domain/roles';

type TokenPair = Schemas['TokenPair'];

const URL = '/api/v1/admin/auth/me/password';
const OLD = 'correct-horse-battery';
const NEW = 'jasmin-boutique-2019';

describe.each(testDialects)('changeMyPassword (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  const signIn = async (username: string, password = OLD) => {
    const res = await adminLogin(t.app, username, password);
    expect(res.statusCode).toBe(200);
    return res.json<TokenPair>();
  };
  const bearer = (pair: TokenPair) => ({ authorization: `Bearer ${pair.access_token}` });
  const change = (headers: Record<string, string>, payload: unknown) =>
    t.request('changeMyPassword', { method: 'PATCH', url: URL, headers, payload });
  const hashOf = async (id: number) => (await storedAdmin(t.database.db, id)).password_hash;

  it('changes the password: 204, the new one signs in, the old one no longer does', async () => {
    const admin = await t.createAdmin({ username: 'nadia', role: 'admin', password: OLD });
    const session = await signIn('nadia');
    const res = await change(bearer(session), { current_password: OLD, new_password: NEW });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await hashOf(admin.id)).toMatch(/^\$argon2id\$/);
    expect((await adminLogin(t.app, 'nadia', OLD)).statusCode).toBe(401);
    expect((await adminLogin(t.app, 'nadia', NEW)).statusCode).toBe(200);
  });

  it.each<AdminRole>(['manager', 'support', 'inventory_manager'])(
    'lets a %s change their own password',
    async (role) => {
      await t.createAdmin({ username: `own-${role}`, role, password: OLD });
      const session = await signIn(`own-${role}`);
      const res = await change(bearer(session), { current_password: OLD, new_password: NEW });
      expect(res.statusCode).toBe(204);
      expect((await adminLogin(t.app, `own-${role}`, NEW)).statusCode).toBe(200);
      expect((await adminLogin(t.app, `own-${role}`, OLD)).statusCode).toBe(401);
    },
  );

  it('refuses a weak new password with why (422 on new_password) and keeps the old one', async () => {
    const admin = await t.createAdmin({
      username: 'samira.benali',
      role: 'manager',
      password: OLD,
    });
    const session = await signIn('samira.benali');
    const before = await hashOf(admin.id);
    const expected = {
      aaaaaaaa:
        'Password is too weak: Repeated characters like "aaa" are easy to guess. ' +
        'Add more words that are less common. Avoid repeated words and characters.',
      password123:
        'Password is too weak: This is a commonly used password. Add more words that are less common.',
      // Strong for anyone else (see password-strength.test.ts), not for the admin it names.
      'samira.benali1':
        'Password is too weak: There should not be any personal or page related data. ' +
        'Add more words that are less common.',
    };
    for (const [weak, msg] of Object.entries(expected)) {
      const res = await change(bearer(session), { current_password: OLD, new_password: weak });
      expectIssues(res, 'changeMyPassword', [
        { loc: ['body', 'new_password'], msg, type: 'password_strength' },
      ]);
    }
    expect(await hashOf(admin.id)).toBe(before);
    expect((await adminLogin(t.app, 'samira.benali', OLD)).statusCode).toBe(200);
  });

  it('refuses the current password as the new one', async () => {
    await t.createAdmin({ username: 'rania', role: 'support', password: OLD });
    const res = await change(bearer(await signIn('rania')), {
      current_password: OLD,
      new_password: OLD,
    });
    expectIssues(res, 'changeMyPassword', [
      {
        loc: ['body', 'new_password'],
        msg: 'The new password must differ from the current one',
        type: 'value_error',
      },
    ]);
  });

  it('refuses a wrong current password (422) and counts it as a failed sign-in', async () => {
    t.freezeClock();
    const admin = await t.createAdmin({ username: 'sami', role: 'manager', password: OLD });
    const session = await signIn('sami');
    const before = await hashOf(admin.id);
    // Sign-in failures and wrong current passwords share the per-username count: 5 pass.
    for (let i = 1; i <= 2; i++) {
      expect((await adminLogin(t.app, 'sami', `guess-${i}`)).statusCode).toBe(401);
    }
    for (let i = 3; i <= 5; i++) {
      const res = await change(bearer(session), {
        current_password: `guess-${i}`,
        new_password: NEW,
      });
      expectIssues(res, 'changeMyPassword', [
        {
          loc: ['body', 'current_password'],
          msg: 'Current password is incorrect',
          type: 'value_error',
        },
      ]);
    }
    expect(await hashOf(admin.id)).toBe(before);

    // Now the username waits, for a sign-in as for a password change, even with the right one.
    const refused = await change(bearer(session), { current_password: OLD, new_password: NEW });
    expectProblem(refused, 429, 'Too many failed login attempts. Try again in 2 seconds.');
    expect(refused.headers['retry-after']).toBe('2');
    expect((await adminLogin(t.app, 'sami', OLD)).statusCode).toBe(429);

    // After the wait the right one passes, and clears the count like a successful sign-in.
    t.advanceClock(2000);
    const res = await change(bearer(session), { current_password: OLD, new_password: NEW });
    expect(res.statusCode).toBe(204);
    for (let i = 1; i <= 5; i++) {
      expect((await adminLogin(t.app, 'sami', `again-${i}`)).statusCode).toBe(401);
    }
  });

  it('ends every other session of the admin at once; this one and other admins go on', async () => {
    await t.createAdmin({ username: 'leila', role: 'admin', password: OLD });
    await t.createAdmin({ username: 'bystander', role: 'admin', password: OLD });
    const current = await signIn('leila');
    const other = await signIn('leila');
    const bystander = await signIn('bystander');

    const res = await change(bearer(current), { current_password: OLD, new_password: NEW });
    expect(res.statusCode).toBe(204);

    // The other session: its access token is refused now, its refresh token too.
    expect((await adminMe(t.app, bearer(other))).statusCode).toBe(401);
    expect((await refreshAdminToken(t.app, other.refresh_token)).statusCode).toBe(401);
    // This session goes on, and refreshes.
    expect((await adminMe(t.app, bearer(current))).statusCode).toBe(200);
    const refreshed = await refreshAdminToken(t.app, current.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await adminMe(t.app, bearer(refreshed.json<TokenPair>()))).statusCode).toBe(200);
    // Another admin is untouched.
    expect((await adminMe(t.app, bearer(bystander))).statusCode).toBe(200);
    expect((await refreshAdminToken(t.app, bystander.refresh_token)).statusCode).toBe(200);
  });

  it('records the change in the audit log, by the admin, without the password', async () => {
    const admin = await t.createAdmin({ username: 'yacine', role: 'support', password: OLD });
    const session = await signIn('yacine');
    expect(
      (await change(bearer(session), { current_password: OLD, new_password: NEW })).statusCode,
    ).toBe(204);
    const entries = await t.database.db.selectFrom('audit_log').selectAll().execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      admin_user_id: admin.id,
      admin_username: 'yacine',
      action: 'update',
      entity: 'admin_user',
      entity_id: admin.id,
      label: 'yacine',
    });
    expect(JSON.parse(entries[0]!.changes)).toEqual([
      { field: 'password', before: '[redacted]', after: '[redacted]' },
    ]);
    expect(entries[0]!.changes).not.toContain(NEW);
    expect(entries[0]!.changes).not.toContain(OLD);
  });

  it('needs a signed-in admin (401) and a current password (422)', async () => {
    expect((await change({}, { current_password: OLD, new_password: NEW })).statusCode).toBe(401);
    await t.createAdmin({ username: 'zied', role: 'manager', password: OLD });
    const res = await change(bearer(await signIn('zied')), { new_password: NEW });
    expectIssues(res, 'changeMyPassword', [
      { loc: ['body', 'current_password'], msg: 'Field required', type: 'missing' },
    ]);
  });
});
