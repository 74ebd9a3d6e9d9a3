// Customer sign-in by magic link, /auth/me and customer token refresh, over HTTP on every test
// dialect.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyString, expectProblem, expectStatus, issuesOf } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { createTestApp, testConfig, type TestApp } from '../../test-support/app';
import {
  customerMe,
  refreshCustomerToken,
  sendMagicLink,
  verifyMagicLink,
  REFRESH_REUSED,
  expectLogoutRevokesFamily,
  expectTokenPair,
  logoutCustomer,
  newRefreshToken,
  refreshTokenRow,
} from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';
import { newCustomerBody } from '../../test-support/fixtures';
import { createMailer, createMemoryMailer, type SentMail } from '../mail/transport';
import { hashMagicLinkToken } from '../services/identity/magic-links';
import { hashRefreshToken } from '../services/identity/refresh-tokens';

type TokenPair = Schemas['TokenPair'];

const MINUTE = 60 * 1000;
const SENT = { message: 'If this address can receive e-mail, a sign-in link is on its way.' };
const INVALID_LINK = { detail: 'Invalid or expired sign-in link' };

/** Token and e-mail of the sign-in link in a message's text. */
function linkOf(text: string): { token: string; email: string } {
  const match = /(http:\/\/shop\.test\/auth\/magic\?\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`No magic link in:\n${text}`);
  const url = new URL(match[1]);
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}

describe.each(testDialects)('customer auth (%s)', (dialect) => {
  let t: TestApp;
  let mailer: ReturnType<typeof createMemoryMailer>;

  beforeEach(async () => {
    mailer = createMemoryMailer();
    t = await createTestApp(dialect, { mailer });
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (email: string, remoteAddress?: string) =>
    sendMagicLink(t.app, email, remoteAddress);
  const verify = (token: string, email: string, remoteAddress?: string) =>
    verifyMagicLink(t.app, token, email, remoteAddress);
  const me = (headers: Record<string, string>) => customerMe(t.app, headers);
  const refresh = (refreshToken: string) => refreshCustomerToken(t.app, refreshToken);
  /** Waits for the n-th e-mail (the send does not wait for the mailer). */
  const mail = async (n = 1): Promise<SentMail> => {
    await vi.waitFor(() => expect(mailer.messages.length).toBeGreaterThanOrEqual(n));
    return mailer.messages[n - 1] as SentMail;
  };
  /** Asks for a link and returns its token. */
  const linkFor = async (email: string) => {
    const before = mailer.messages.length;
    expect((await send(email)).statusCode).toBe(202);
    return linkOf((await mail(before + 1)).text).token;
  };
  const signIn = async (email: string) => {
    return expectTokenPair(await verify(await linkFor(email), email), 'customer');
  };
  const linkRows = () =>
    t.database.db.selectFrom('magic_link_tokens').selectAll().orderBy('id').execute();
  const customers = () => t.database.db.selectFrom('customers').selectAll().orderBy('id').execute();
  const refreshRows = () => t.database.db.selectFrom('refresh_tokens').selectAll().execute();
  const setActive = (email: string, value: 0 | 1) =>
    t.database.db
      .updateTable('customers')
      .set({ is_active: value })
      .where('email', '=', email)
      .execute();

  describe('sendMagicLink', () => {
    it('stores only the hash of a 15-minute token and e-mails a link carrying it', async () => {
      const res = await send('Jane@Example.COM');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(SENT);

      const message = await mail();
      expect(message).toMatchObject({
        to: 'jane@example.com',
        from: 'Store <no-reply@example.com>',
        subject: 'Your sign-in link',
        kind: 'Magic link',
      });
      const { token, email } = linkOf(message.text);
      expect(email).toBe('jane@example.com');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(message.text).toContain(`enter this code where you asked for the link: ${token}`);
      const htmlLink = `http://shop.test/auth/magic?token=${token}&amp;email=jane%40example.com`;
      expect(message.html).toContain(`<a href="${htmlLink}">Sign in</a>`);

      const [row, ...others] = await linkRows();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        email: 'jane@example.com',
        token_hash: hashMagicLinkToken(token),
        used_at: null,
      });
      expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(15 * MINUTE);
      expect(JSON.stringify(row)).not.toContain(token);
      // No account yet: it is created when the link is used.
      expect(await customers()).toEqual([]);
    });

    it('answers known, unknown and deactivated addresses alike', async () => {
      await signIn('known@example.com');
      await signIn('off@example.com');
      await setActive('off@example.com', 0);
      const sentBefore = mailer.messages.length;
      const offLinks = async () =>
        (await linkRows()).filter((r) => r.email === 'off@example.com').length;
      expect(await offLinks()).toBe(1);

      // The deactivated address first: its (absent) e-mail would come before the others.
      const off = await send('off@example.com');
      const known = await send('known@example.com');
      const unknown = await send('nobody@example.com');
      for (const res of [off, known, unknown]) {
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe(JSON.stringify(SENT));
      }
      await mail(sentBefore + 2);
      // A deactivated account gets no link.
      expect(mailer.messages.slice(sentBefore).map((m) => m.to)).toEqual([
        'known@example.com',
        'nobody@example.com',
      ]);
      expect(await offLinks()).toBe(1);
    });

    it('answers 202 even when the mail server fails (the failure is only logged)', async () => {
      await t.close();
      t = await createTestApp(dialect, {
        mailer: { send: () => Promise.reject(new Error('SMTP down')) },
      });
      const res = await send('jane@example.com');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(SENT);
    });

    it('limits links per address (3) and per client IP (10) per 15 minutes', async () => {
      // Retry-After counts from the first request: real time passing on a loaded machine would
      // shift it by a second.
      t.freezeClock();
      for (let i = 0; i < 3; i++) expect((await send('rate@example.com')).statusCode).toBe(202);
      const blocked = await send('RATE@example.com');
      expectProblem(blocked, 429, 'Too many sign-in link requests. Try again in 15 minutes.');
      expect(blocked.headers['retry-after']).toBe('900');
      // Same address from another IP: the per-address limit holds.
      expect((await send('rate@example.com', '10.0.0.2')).statusCode).toBe(429);

      // 3 + 7 more addresses from 127.0.0.1 reach the IP limit of 10 (refusals do not count).
      for (let i = 0; i < 7; i++) expect((await send(`user${i}@example.com`)).statusCode).toBe(202);
      const ipBlocked = await send('fresh@example.com');
      expect(ipBlocked.statusCode).toBe(429);
      expect((await send('fresh@example.com', '10.0.0.3')).statusCode).toBe(202);

      await mail(11);
      expect(mailer.messages).toHaveLength(11);
      expect(await linkRows()).toHaveLength(11);

      t.advanceClock(10 * MINUTE);
      const later = await send('rate@example.com');
      expectProblem(later, 429, 'Too many sign-in link requests. Try again in 5 minutes.');
      expect(later.headers['retry-after']).toBe('300');
      t.advanceClock(5 * MINUTE);
      expect((await send('rate@example.com')).statusCode).toBe(202);
    });

    it('deletes used and expired links of the address when a new one is asked for', async () => {
      await signIn('tidy@example.com'); // used
      await linkFor('tidy@example.com'); // will expire
      await linkFor('other@example.com');
      t.advanceClock(16 * MINUTE);
      await linkFor('tidy@example.com');
      const rows = await linkRows();
      expect(rows.map((r) => [r.email, r.used_at])).toEqual([
        ['other@example.com', null],
        ['tidy@example.com', null],
      ]);
    });

    it('answers 422 for an invalid address', async () => {
      const res = await send('not-an-email');
      expect(issuesOf(res, 'sendMagicLink')[0]?.loc).toEqual(['body', 'email']);
      expect(await linkRows()).toEqual([]);
    });
  });

  describe('verifyMagicLink', () => {
    it('signs in, creating the customer (individual, TN) on first use', async () => {
      const token = await linkFor('Jane@Example.com');
      const pair = expectTokenPair(await verify(token, 'JANE@example.COM'), 'customer');

      const [customer, ...others] = await customers();
      expect(others).toEqual([]);
      expect(customer).toMatchObject({
        email: 'jane@example.com',
        customer_type: 'individual',
        country_code: 'TN',
        first_name: null,
        vat_number: null,
        is_active: 1,
      });
      const claims = await t.ctx.tokens.verify(pair.access_token, t.ctx.now());
      expect(claims).toEqual({ userType: 'customer', userId: customer!.id, sessionId: anyString });
      // The sign-in is a session (the family of the refresh token), from the client's address.
      expect(
        await t.database.db
          .selectFrom('auth_sessions')
          .selectAll()
          .where('id', '=', claims.sessionId)
          .executeTakeFirstOrThrow(),
      ).toMatchObject({
        user_type: 'customer',
        user_id: customer!.id,
        ip_address: '127.0.0.1',
        revoked_at: null,
      });
      expect((await refreshTokenRow(t.database.db, pair.refresh_token)).family_id).toBe(
        claims.sessionId,
      );
      const [link] = await linkRows();
      expect(link!.used_at).not.toBeNull();
      const [refreshRow] = await refreshRows();
      expect(refreshRow).toMatchObject({
        token_hash: hashRefreshToken(pair.refresh_token),
        user_type: 'customer',
        user_id: customer!.id,
      });

      // A second sign-in reuses the account.
      const again = await signIn('jane@example.com');
      expect(await customers()).toHaveLength(1);
      const meRes = await me({ authorization: `Bearer ${again.access_token}` });
      expect(meRes.statusCode).toBe(200);
      expect(meRes.json()).toEqual(newCustomerBody({ ...customer!, email: 'jane@example.com' }));
    });

    it('refuses a link used twice', async () => {
      const token = await linkFor('once@example.com');
      expect((await verify(token, 'once@example.com')).statusCode).toBe(200);
      const reuse = await verify(token, 'once@example.com');
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual(INVALID_LINK);
      expect(reuse.headers['www-authenticate']).toBe('Bearer');
      expect(await refreshRows()).toHaveLength(1);
    });

    it('gives one success to two parallel verifications of one link', async () => {
      const token = await linkFor('race@example.com');
      const results = await Promise.all([
        verify(token, 'race@example.com'),
        verify(token, 'race@example.com'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      expect(await customers()).toHaveLength(1);
      expect(await refreshRows()).toHaveLength(1);
    });

    it('refuses an expired link, and accepts it until then', async () => {
      const late = await linkFor('late@example.com');
      const inTime = await linkFor('intime@example.com');
      t.advanceClock(15 * MINUTE - 1000);
      expect((await verify(inTime, 'intime@example.com')).statusCode).toBe(200);
      t.advanceClock(1001);
      const res = await verify(late, 'late@example.com');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LINK);
      const row = (await linkRows()).find((r) => r.email === 'late@example.com');
      expect(row?.used_at).toBeNull();
      expect((await customers()).map((c) => c.email)).toEqual(['intime@example.com']);
    });

    it('refuses a link sent to another address, without using it up', async () => {
      const token = await linkFor('owner@example.com');
      await linkFor('thief@example.com');
      const res = await verify(token, 'thief@example.com');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LINK);
      expect(await customers()).toEqual([]);
      expect((await verify(token, 'owner@example.com')).statusCode).toBe(200);
    });

    it('refuses an unknown token', async () => {
      await linkFor('someone@example.com');
      const res = await verify('x'.repeat(43), 'someone@example.com');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LINK);
    });

    it('keeps earlier unused links of the address valid', async () => {
      const first = await linkFor('twice@example.com');
      const second = await linkFor('twice@example.com');
      expect(first).not.toBe(second);
      expect((await verify(first, 'twice@example.com')).statusCode).toBe(200);
      expect((await verify(second, 'twice@example.com')).statusCode).toBe(200);
    });

    it('refuses a customer deactivated after the link was sent', async () => {
      await signIn('gone@example.com');
      const token = await linkFor('gone@example.com');
      await setActive('gone@example.com', 0);
      const res = await verify(token, 'gone@example.com');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LINK);
      expect(await refreshRows()).toHaveLength(1);
    });

    it('limits failed verifications per client IP (10 per 15 minutes)', async () => {
      const token = await linkFor('brute@example.com');
      for (let i = 0; i < 10; i++) {
        expect((await verify('y'.repeat(43), 'brute@example.com')).statusCode).toBe(401);
      }
      const blocked = await verify(token, 'brute@example.com');
      expectProblem(blocked, 429, 'Too many failed login attempts. Try again in 15 minutes.');
      expect(blocked.headers['retry-after']).toBe('900');
      expect((await verify(token, 'brute@example.com', '10.0.0.9')).statusCode).toBe(200);
    });

    it('answers 422 for a token that is too short', async () => {
      const res = await verify('short', 'jane@example.com');
      expect(issuesOf(res, 'verifyMagicLink')[0]?.loc).toEqual(['body', 'token']);
    });
  });

  describe('getCustomerMe', () => {
    it('refuses no token (401), an admin token (403) and a gone customer (401)', async () => {
      const anonymous = await me({});
      expectProblem(anonymous, 401, 'Not authenticated');

      const admin = await me(await t.authAs('super_admin'));
      expectProblem(admin, 403, 'A customer account is required');

      const pair = await signIn('leaving@example.com');
      const auth = { authorization: `Bearer ${pair.access_token}` };
      await setActive('leaving@example.com', 0);
      const inactive = await me(auth);
      expectProblem(inactive, 401, 'Account is inactive or no longer exists');

      await t.database.db.deleteFrom('customers').execute();
      const deleted = await me(auth);
      expectProblem(deleted, 401, 'Account is inactive or no longer exists');
    });

    it('gives a customer token 403 on the admin API', async () => {
      const pair = await signIn('curious@example.com');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/auth/me',
        headers: { authorization: `Bearer ${pair.access_token}` },
      });
      expectProblem(res, 403, 'Admin privileges are required', 'getAdminMe');
    });
  });

  describe('refreshCustomerToken', () => {
    const tokenRow = (token: string) => refreshTokenRow(t.database.db, token);

    it('rotates within the family; reusing a used token after 10 s revokes the family', async () => {
      t.freezeClock();
      const first = await signIn('rot@example.com');
      const second = expectTokenPair(await refresh(first.refresh_token), 'customer');
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await me({ authorization: `Bearer ${second.access_token}` })).statusCode).toBe(200);
      const oldRow = await tokenRow(first.refresh_token);
      expect(oldRow.used_at).not.toBeNull();
      expect(await tokenRow(second.refresh_token)).toMatchObject({
        family_id: oldRow.family_id,
        user_type: 'customer',
        used_at: null,
        revoked_at: null,
      });
      // Another sign-in is another family and survives.
      const other = await signIn('rot@example.com');

      // Within 10 s the used token answers its successor again (two tabs racing)…
      expect((await refresh(first.refresh_token)).json<TokenPair>().refresh_token).toBe(
        second.refresh_token,
      );
      // …after that it is theft.
      t.advanceClock(10_000);
      const reuse = await refresh(first.refresh_token);
      expectProblem(reuse, 401, REFRESH_REUSED);
      const newest = await refresh(second.refresh_token);
      expect(newest.statusCode).toBe(401);
      for (const row of await t.database.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('family_id', '=', oldRow.family_id)
        .execute()) {
        expect(row.revoked_at).not.toBeNull();
      }
      expect((await me({ authorization: `Bearer ${second.access_token}` })).statusCode).toBe(401);
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('refuses an admin refresh token and an unknown one', async () => {
      const admin = await t.createAdmin();
      const adminToken = await newRefreshToken(t.database.db, 'admin', admin.id, t.ctx.now());
      const res = await refresh(adminToken);
      expectProblem(res, 401, 'Invalid refresh token');
      expect(await tokenRow(adminToken)).toMatchObject({ used_at: null, revoked_at: null });
      expect((await refresh('z'.repeat(43))).json()).toEqual({ detail: 'Invalid refresh token' });
    });

    it('refuses a deactivated customer and revokes the family', async () => {
      const pair = await signIn('off2@example.com');
      await setActive('off2@example.com', 0);
      const res = await refresh(pair.refresh_token);
      expectProblem(res, 401, 'Account is inactive or no longer exists');
      expect((await tokenRow(pair.refresh_token)).revoked_at).not.toBeNull();
    });
  });

  describe('logoutCustomer', () => {
    const logout = (refreshToken: string) => logoutCustomer(t.app, refreshToken);

    it('revokes the whole family of the token, even after its access token expired', async () => {
      await expectLogoutRevokesFamily({
        db: t.database.db,
        advanceClock: (ms) => t.advanceClock(ms),
        signIn: () => signIn('bye@example.com'),
        refresh,
        logout,
      });
    });

    it('answers 204 for an unknown or an admin token and leaves the admin session alone', async () => {
      expect((await logout('w'.repeat(43))).statusCode).toBe(204);
      const admin = await t.createAdmin();
      const adminToken = await newRefreshToken(t.database.db, 'admin', admin.id, t.ctx.now());
      expect((await logout(adminToken)).statusCode).toBe(204);
      expect(await refreshTokenRow(t.database.db, adminToken)).toMatchObject({
        used_at: null,
        revoked_at: null,
      });
    });

    it('answers 204 again for a token already logged out', async () => {
      const pair = await signIn('twice@example.com');
      expect((await logout(pair.refresh_token)).statusCode).toBe(204);
      expect((await logout(pair.refresh_token)).statusCode).toBe(204);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    });

    it('answers 422 without a refresh token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
      expect(issuesOf(res, 'logoutCustomer')[0]?.loc).toEqual(['query', 'refresh_token']);
    });
  });
});

describe('MAGIC_LINK_URL', () => {
  it('points the e-mailed link at a storefront page, and its token signs in', async () => {
    const mailer = createMemoryMailer();
    const t = await createTestApp('sqlite', {
      mailer,
      config: { magicLinkUrl: 'https://shop.example/account/sign-in?t={token}&for={email}' },
    });
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/send-magic-link',
        payload: { email: 'Store+Fan@Example.com' },
      });
      expect(sent.statusCode).toBe(202);
      await vi.waitFor(() => expect(mailer.messages).toHaveLength(1));
      const message = mailer.messages[0] as SentMail;
      const match = /(https:\/\/shop\.example\/account\/sign-in\?\S+)/.exec(message.text);
      expect(match).not.toBeNull();
      const url = new URL(match![1]!);
      expect(url.searchParams.get('for')).toBe('store+fan@example.com');
      expect(url.search).toContain('for=store%2Bfan%40example.com');
      expect(message.html).toContain(`href="${match![1]!.replace(/&/g, '&amp;')}"`);
      expect(message.text).not.toContain('http://shop.test');
      const token = url.searchParams.get('t') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-magic-link',
        payload: { token, email: 'store+fan@example.com' },
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('magic link through the outbox (.eml files)', () => {
  let dir: string;
  let t: TestApp;
  const lines: string[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
    lines.length = 0;
    const config = testConfig({ dataDir: dir });
    t = await createTestApp('sqlite', {
      config,
      mailer: createMailer(config, { info: (line) => lines.push(line) }),
    });
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('send → .eml → verify → tokens → /auth/me', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-magic-link',
      payload: { email: 'eml@example.tn' },
    });
    expect(expectStatus(sent, 202, 'sendMagicLink')).toEqual(SENT);

    const outbox = join(dir, 'outbox');
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const file = files[0] as string;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(lines[0]).toBe(`Magic link for eml@example.tn written to ${join(outbox, file)}`);

    const eml = readFileSync(join(outbox, file), 'utf8');
    expect(eml).toContain('From: Store <no-reply@example.com>\n');
    expect(eml).toContain('To: eml@example.tn\n');
    expect(eml).toContain('Subject: Your sign-in link\n');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).not.toContain('\r\n');
    // Undo quoted-printable (soft line breaks, =XX) to read the link.
    const decoded = eml
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const { token, email } = linkOf(decoded);
    expect(email).toBe('eml@example.tn');

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-magic-link',
      payload: { token, email },
    });
    const pair = expectStatus<TokenPair>(verified, 200, 'verifyMagicLink');
    expect(pair.user_type).toBe('customer');

    const meRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${pair.access_token}` },
    });
    expect(expectStatus(meRes, 200, 'getCustomerMe')).toMatchObject({
      email: 'eml@example.tn',
      customer_type: 'individual',
      country_code: 'TN',
    });
  });
});
