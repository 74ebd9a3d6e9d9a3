// Passkeys as a second factor, on every test dialect, with a software authenticator
// (test-support/webauthn.ts): the creation options as the browser receives them, registration
// (single-use, expiring challenges; origin and RP ID checked; duplicates and the bound refused),
// the admin's list, rename and removal (the last required factor kept), the audit entries, and
// the sign-in step's options and verification (counter, last use, replay).
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp, type AuthHeaders } from '../../test-support/app';
import { storedAdmin } from '../../test-support/auth';
import {
  anyTimestamp,
  expectProblem,
  expectStatus,
  issuesOf,
  type Schemas,
} from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { SoftAuthenticator } from '../../test-support/webauthn';
import type { AdminRole } from '../domain/roles';
import {
  MAX_PASSKEYS,
  PASSKEY_ERRORS,
  passkeySignInOptions,
  verifyPasskeySignIn,
} from '../services/identity/passkeys';

type Passkey = Schemas['Passkey'];
type CreationOptions = Schemas['PasskeyCreationOptions'];

const URL = '/api/v1/admin/auth/me/passkeys';
const ORIGIN = 'http://shop.test';
const FIVE_MINUTES = 5 * 60 * 1000;

describe.each(testDialects)('passkeys (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });
  let admin: { id: number; username: string; headers: AuthHeaders };

  const newAdmin = async (role: AdminRole = 'admin') => {
    const created = await t.createAdmin({ role });
    return { ...created, headers: { authorization: `Bearer ${created.token}` } };
  };
  beforeEach(async () => {
    admin = await newAdmin();
  });

  const options = async (headers = admin.headers) =>
    expectStatus<CreationOptions>(
      await t.request('startPasskeyRegistration', {
        method: 'POST',
        url: `${URL}/options`,
        headers,
      }),
      200,
      'startPasskeyRegistration',
    );
  const register = (payload: unknown, headers = admin.headers) =>
    t.request('registerPasskey', { method: 'POST', url: URL, headers, payload });
  const list = async (headers = admin.headers) =>
    expectStatus<Passkey[]>(
      await t.request('listMyPasskeys', { method: 'GET', url: URL, headers }),
      200,
      'listMyPasskeys',
    );
  const rename = (id: number, payload: unknown, headers = admin.headers) =>
    t.request('renamePasskey', { method: 'PATCH', url: `${URL}/${id}`, headers, payload });
  const remove = (id: number, headers = admin.headers) =>
    t.request('deletePasskey', { method: 'DELETE', url: `${URL}/${id}`, headers });

  /** A new authenticator registered under this name for this admin. */
  const enrol = async (name = 'Office laptop', who = admin) => {
    const key = new SoftAuthenticator(ORIGIN);
    const res = await register(
      { name, response: key.register(await options(who.headers)) },
      who.headers,
    );
    return { key, passkey: expectStatus<Passkey>(res, 201, 'registerPasskey') };
  };
  const rows = (adminId = admin.id) =>
    t.database.db
      .selectFrom('admin_passkeys')
      .selectAll()
      .where('admin_user_id', '=', adminId)
      .orderBy('id')
      .execute();
  const twoFactorFlag = async (adminId = admin.id) =>
    (await storedAdmin(t.database.db, adminId)).two_factor_enabled;
  const audits = (adminId = admin.id) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['admin_user_id', 'action', 'entity', 'entity_id', 'label', 'changes'])
      .where('entity', '=', 'admin_user')
      .where('entity_id', '=', adminId)
      .orderBy('id')
      .execute();
  const requireFor = (roles: AdminRole[]) =>
    t.database.db
      .updateTable('shop_settings')
      .set({ two_factor_required_roles: JSON.stringify(roles) })
      .where('id', '=', 1)
      .execute();
  const expectResponseRefused = (res: Awaited<ReturnType<typeof register>>, msg: string) =>
    expect(issuesOf(res, 'registerPasskey')).toEqual([
      { loc: ['body', 'response'], msg, type: 'value_error' },
    ]);

  describe('creation options', () => {
    it('reach the browser whole: relying party, user, algorithms, exclusions, selection', async () => {
      const { key } = await enrol('Phone');
      const other = await newAdmin();
      await enrol('Not mine', other);

      const body = await options();
      // Every field @simplewebauthn/server makes survives the contract's serialisation.
      expect(body).toEqual({
        challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
        rp: { name: 'Back office', id: 'shop.test' },
        user: {
          id: Buffer.from(`admin:${admin.id}`).toString('base64url'),
          name: admin.username,
          displayName: `Test ${admin.username}`,
        },
        pubKeyCredParams: expect.arrayContaining([
          { alg: -7, type: 'public-key' },
          { alg: -8, type: 'public-key' },
          { alg: -257, type: 'public-key' },
        ]) as unknown,
        timeout: FIVE_MINUTES,
        attestation: 'none',
        excludeCredentials: [{ id: key.id, type: 'public-key', transports: ['internal'] }],
        authenticatorSelection: {
          residentKey: 'preferred',
          userVerification: 'preferred',
          requireResidentKey: false,
        },
        extensions: { credProps: true },
        hints: [],
      });
      const challenges = await t.database.db
        .selectFrom('webauthn_challenges')
        .select(['purpose', 'challenge', 'expires_at', 'created_at'])
        .where('admin_user_id', '=', admin.id)
        .execute();
      // Stored as a hash, never the challenge itself, for 5 minutes.
      expect(challenges).toHaveLength(1);
      expect(challenges[0]!.purpose).toBe('registration');
      expect(challenges[0]!.challenge).not.toContain(body.challenge);
      expect(Date.parse(challenges[0]!.expires_at) - Date.parse(challenges[0]!.created_at)).toBe(
        FIVE_MINUTES,
      );
    });

    it('name the shop by its legal name once it has one', async () => {
      await t.database.db
        .updateTable('shop_settings')
        .set({ legal_name: 'Maison Carthage SARL' })
        .where('id', '=', 1)
        .execute();
      expect((await options()).rp).toEqual({ name: 'Maison Carthage SARL', id: 'shop.test' });
    });

    it('keep a few open challenges per admin, the newest', async () => {
      for (let i = 0; i < 7; i += 1) await options();
      const open = await t.database.db
        .selectFrom('webauthn_challenges')
        .select('id')
        .where('admin_user_id', '=', admin.id)
        .execute();
      expect(open).toHaveLength(5);
    });
  });

  describe('registration', () => {
    it('keeps the passkey under its trimmed name and turns the second factor on', async () => {
      expect(await twoFactorFlag()).toBe(0);
      const key = new SoftAuthenticator(ORIGIN);
      const response = key.register(await options());
      const created = expectStatus<Passkey>(
        await register({ name: '  Office laptop ', response }),
        201,
        'registerPasskey',
      );
      expect(created).toEqual({
        id: expect.any(Number) as unknown,
        name: 'Office laptop',
        created_at: anyTimestamp,
        last_used_at: null,
      });
      const [row] = await rows();
      expect(row).toMatchObject({
        id: created.id,
        credential_id: key.id,
        counter: 0,
        transports: '["internal"]',
        name: 'Office laptop',
        last_used_at: null,
      });
      // The COSE public key, base64url.
      expect(row!.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(await twoFactorFlag()).toBe(1);
      expect(await audits()).toEqual([
        {
          admin_user_id: admin.id,
          action: 'update',
          entity: 'admin_user',
          entity_id: admin.id,
          label: admin.username,
          changes: JSON.stringify([
            { field: 'passkeys', before: 0, after: 1 },
            { field: 'passkey', before: null, after: 'Office laptop' },
            { field: 'two_factor_enabled', before: false, after: true },
          ]),
        },
      ]);
    });

    it('refuses a replayed response: the challenge is used once', async () => {
      const key = new SoftAuthenticator(ORIGIN);
      const response = key.register(await options());
      expectStatus(await register({ name: 'Laptop', response }), 201, 'registerPasskey');
      await t.database.db.deleteFrom('admin_passkeys').execute();
      expectResponseRefused(await register({ name: 'Laptop', response }), PASSKEY_ERRORS.challenge);
      expect(await rows()).toEqual([]);
    });

    it('uses the challenge up even when the response fails', async () => {
      const key = new SoftAuthenticator(ORIGIN);
      const opts = await options();
      const wrong = key.register(opts, { origin: 'https://evil.test' });
      expectResponseRefused(
        await register({ name: 'L', response: wrong }),
        PASSKEY_ERRORS.notVerified,
      );
      const right = key.register(opts);
      expectResponseRefused(
        await register({ name: 'L', response: right }),
        PASSKEY_ERRORS.challenge,
      );
      expect(await rows()).toEqual([]);
    });

    it('refuses an expired challenge (5 minutes)', async () => {
      const key = new SoftAuthenticator(ORIGIN);
      const opts = await options();
      t.advanceClock(FIVE_MINUTES + 1000);
      expectResponseRefused(
        await register({ name: 'Late', response: key.register(opts) }),
        PASSKEY_ERRORS.challenge,
      );
      expect(await rows()).toEqual([]);
    });

    it('refuses a wrong origin, a wrong RP ID, an unknown challenge, another admin’s challenge', async () => {
      const other = await newAdmin();
      const cases = [
        [{ origin: 'http://shop.test:8080' }, PASSKEY_ERRORS.notVerified],
        [{ origin: 'https://shop.test' }, PASSKEY_ERRORS.notVerified],
        [{ rpId: 'evil.test' }, PASSKEY_ERRORS.notVerified],
        [{ challenge: Buffer.alloc(32, 7).toString('base64url') }, PASSKEY_ERRORS.challenge],
      ] as const;
      for (const [bend, msg] of cases) {
        const key = new SoftAuthenticator(ORIGIN);
        expectResponseRefused(
          await register({ name: 'X', response: key.register(await options(), bend) }),
          msg,
        );
      }
      // A challenge handed to another admin does not register a passkey for this one.
      const theirs = await options(other.headers);
      expectResponseRefused(
        await register({ name: 'X', response: new SoftAuthenticator(ORIGIN).register(theirs) }),
        PASSKEY_ERRORS.challenge,
      );
      // Garbage instead of client data.
      expectResponseRefused(
        await register({
          name: 'X',
          response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '%%' } },
        }),
        PASSKEY_ERRORS.challenge,
      );
      expect(await rows()).toEqual([]);
      expect(await twoFactorFlag()).toBe(0);
    });

    it('refuses a blank name', async () => {
      const key = new SoftAuthenticator(ORIGIN);
      expect(
        issuesOf(
          await register({ name: '   ', response: key.register(await options()) }),
          'registerPasskey',
        ),
      ).toEqual([{ loc: ['body', 'name'], msg: PASSKEY_ERRORS.nameBlank, type: 'value_error' }]);
    });

    it('refuses a passkey registered already, to this admin or another (409)', async () => {
      const { key } = await enrol('Laptop');
      expectProblem(
        await register({ name: 'Again', response: key.register(await options()) }),
        409,
        PASSKEY_ERRORS.alreadyRegistered,
        'registerPasskey',
      );
      const other = await newAdmin();
      expectProblem(
        await register(
          { name: 'Again', response: key.register(await options(other.headers)) },
          other.headers,
        ),
        409,
        PASSKEY_ERRORS.alreadyRegistered,
        'registerPasskey',
      );
      expect(await rows()).toHaveLength(1);
      expect(await rows(other.id)).toEqual([]);
    });

    it(`refuses a passkey beyond ${MAX_PASSKEYS} (409)`, async () => {
      await t.database.db
        .insertInto('admin_passkeys')
        .values(
          Array.from({ length: MAX_PASSKEYS }, (_, i) => ({
            admin_user_id: admin.id,
            credential_id: `credential-${i}`,
            public_key: 'AA',
            name: `Key ${i}`,
          })),
        )
        .execute();
      const key = new SoftAuthenticator(ORIGIN);
      expectProblem(
        await register({ name: 'One more', response: key.register(await options()) }),
        409,
        PASSKEY_ERRORS.tooMany,
        'registerPasskey',
      );
      expect(await rows()).toHaveLength(MAX_PASSKEYS);
    });
  });

  describe('list, rename, remove', () => {
    it('lists the admin’s own passkeys, oldest first', async () => {
      const a = await enrol('Laptop');
      t.advanceClock(1000);
      const b = await enrol('Phone');
      await enrol('Theirs', await newAdmin());
      expect(await list()).toEqual([a.passkey, b.passkey]);
    });

    it('renames (trimmed, audited); 404 for another admin’s or an unknown passkey; 422 blank', async () => {
      const { passkey } = await enrol('Laptop');
      expect(
        expectStatus<Passkey>(
          await rename(passkey.id, { name: ' Work laptop ' }),
          200,
          'renamePasskey',
        ),
      ).toEqual({ ...passkey, name: 'Work laptop' });
      expect((await audits()).at(-1)?.changes).toBe(
        JSON.stringify([{ field: 'passkey', before: 'Laptop', after: 'Work laptop' }]),
      );
      const other = await newAdmin();
      expectProblem(
        await rename(passkey.id, { name: 'Mine' }, other.headers),
        404,
        PASSKEY_ERRORS.notFound,
        'renamePasskey',
      );
      expectProblem(
        await rename(999_999, { name: 'X' }),
        404,
        PASSKEY_ERRORS.notFound,
        'renamePasskey',
      );
      expect(issuesOf(await rename(passkey.id, { name: '  ' }), 'renamePasskey')).toEqual([
        { loc: ['body', 'name'], msg: PASSKEY_ERRORS.nameBlank, type: 'value_error' },
      ]);
      expect((await list()).map((p) => p.name)).toEqual(['Work laptop']);
    });

    it('removes (audited, second factor off with the last); 404 for another admin’s', async () => {
      const a = await enrol('Laptop');
      const b = await enrol('Phone');
      const other = await newAdmin();
      expectProblem(
        await remove(a.passkey.id, other.headers),
        404,
        PASSKEY_ERRORS.notFound,
        'deletePasskey',
      );
      expect((await remove(a.passkey.id)).statusCode).toBe(204);
      expect(await list()).toEqual([b.passkey]);
      expect(await twoFactorFlag()).toBe(1);
      expect((await remove(b.passkey.id)).statusCode).toBe(204);
      expect(await list()).toEqual([]);
      expect(await twoFactorFlag()).toBe(0);
      expectProblem(await remove(b.passkey.id), 404, PASSKEY_ERRORS.notFound, 'deletePasskey');
      expect((await audits()).map((e) => JSON.parse(e.changes) as unknown)).toEqual([
        [
          { field: 'passkeys', before: 0, after: 1 },
          { field: 'passkey', before: null, after: 'Laptop' },
          { field: 'two_factor_enabled', before: false, after: true },
        ],
        [
          { field: 'passkeys', before: 1, after: 2 },
          { field: 'passkey', before: null, after: 'Phone' },
        ],
        [
          { field: 'passkeys', before: 2, after: 1 },
          { field: 'passkey', before: 'Laptop', after: null },
        ],
        [
          { field: 'passkeys', before: 1, after: 0 },
          { field: 'passkey', before: 'Phone', after: null },
          { field: 'two_factor_enabled', before: true, after: false },
        ],
      ]);
    });

    it('keeps the last second factor when the shop requires one for the role (409)', async () => {
      const a = await enrol('Laptop');
      const b = await enrol('Phone');
      await requireFor(['admin']);
      expect((await remove(a.passkey.id)).statusCode).toBe(204);
      expectProblem(await remove(b.passkey.id), 409, PASSKEY_ERRORS.lastRequired, 'deletePasskey');
      expect(await list()).toEqual([b.passkey]);

      // Another role's requirement does not hold this admin.
      await requireFor(['super_admin']);
      expect((await remove(b.passkey.id)).statusCode).toBe(204);
    });

    it('lets the last passkey go when an authenticator app remains', async () => {
      const { passkey } = await enrol('Laptop');
      await requireFor(['admin']);
      await t.database.db
        .insertInto('admin_totp')
        .values({
          admin_user_id: admin.id,
          secret: 'sealed',
          confirmed_at: t.ctx.now().toISOString(),
        })
        .execute();
      expect((await remove(passkey.id)).statusCode).toBe(204);
    });

    it('does not count an authenticator app that was never confirmed', async () => {
      const { passkey } = await enrol('Laptop');
      await requireFor(['admin']);
      await t.database.db
        .insertInto('admin_totp')
        .values({ admin_user_id: admin.id, secret: 'sealed', confirmed_at: null })
        .execute();
      expectProblem(await remove(passkey.id), 409, PASSKEY_ERRORS.lastRequired, 'deletePasskey');
    });
  });

  describe('sign-in step', () => {
    it('has no options for an admin without passkeys', async () => {
      expect(await passkeySignInOptions(t.ctx, admin.id)).toBeNull();
    });

    it('asks for one of the admin’s passkeys and accepts its signature once', async () => {
      const { key, passkey } = await enrol('Laptop');
      await enrol('Theirs', await newAdmin());
      const opts = await passkeySignInOptions(t.ctx, admin.id);
      expect(opts).toEqual({
        challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
        allowCredentials: [{ id: key.id, type: 'public-key', transports: ['internal'] }],
        timeout: FIVE_MINUTES,
        userVerification: 'preferred',
        rpId: 'shop.test',
      });
      t.freezeClock();
      t.advanceClock(60_000);
      const assertion = key.assert(opts!);
      expect(await verifyPasskeySignIn(t.ctx, admin.id, assertion)).toBe(true);
      const usedAt = t.ctx.now().toISOString();
      expect(await rows()).toMatchObject([{ counter: 1, last_used_at: usedAt }]);
      expect(await list()).toEqual([{ ...passkey, last_used_at: usedAt }]);
      // The same assertion again: its challenge is gone.
      expect(await verifyPasskeySignIn(t.ctx, admin.id, assertion)).toBe(false);
    });

    it('refuses a wrong origin, RP ID, signer, admin, purpose, an old counter, an expired challenge', async () => {
      const { key } = await enrol('Laptop');
      const stranger = new SoftAuthenticator(ORIGIN);
      const other = await newAdmin();
      const refused = [
        (o: Schemas['PasskeyRequestOptions']) => key.assert(o, { origin: 'https://evil.test' }),
        (o: Schemas['PasskeyRequestOptions']) => key.assert(o, { rpId: 'evil.test' }),
        // An authenticator the admin never registered, claiming the admin's credential id.
        (o: Schemas['PasskeyRequestOptions']) => ({
          ...stranger.assert(o),
          id: key.id,
          rawId: key.id,
        }),
        // The counter did not grow since the last sign-in.
        (o: Schemas['PasskeyRequestOptions']) => key.assert(o, { counter: 0 }),
      ];
      expect(
        await verifyPasskeySignIn(
          t.ctx,
          admin.id,
          key.assert((await passkeySignInOptions(t.ctx, admin.id))!),
        ),
      ).toBe(true);
      for (const answer of refused) {
        const opts = (await passkeySignInOptions(t.ctx, admin.id))!;
        expect(await verifyPasskeySignIn(t.ctx, admin.id, answer(opts))).toBe(false);
        // Used up by the failure: the right answer to it is refused too.
        expect(
          await verifyPasskeySignIn(
            t.ctx,
            admin.id,
            key.assert(opts, { counter: key.counter + 10 }),
          ),
        ).toBe(false);
      }
      // Signed for this admin, sent as another.
      const opts = (await passkeySignInOptions(t.ctx, admin.id))!;
      expect(await verifyPasskeySignIn(t.ctx, other.id, key.assert(opts))).toBe(false);
      // A registration challenge does not sign anyone in.
      const registration = await options();
      expect(
        await verifyPasskeySignIn(
          t.ctx,
          admin.id,
          key.assert({ ...registration, rpId: 'shop.test' }),
        ),
      ).toBe(false);
      // Expired after 5 minutes.
      const late = (await passkeySignInOptions(t.ctx, admin.id))!;
      t.advanceClock(FIVE_MINUTES + 1000);
      expect(await verifyPasskeySignIn(t.ctx, admin.id, key.assert(late))).toBe(false);
      expect((await rows())[0]!.counter).toBe(1);
    });

    it('accepts authenticators that keep no counter (always 0)', async () => {
      const { key } = await enrol('Synced');
      for (let i = 0; i < 2; i += 1) {
        const opts = (await passkeySignInOptions(t.ctx, admin.id))!;
        expect(await verifyPasskeySignIn(t.ctx, admin.id, key.assert(opts, { counter: 0 }))).toBe(
          true,
        );
      }
    });
  });
  describe('sign-in through adminLogin', () => {
    const login = (payload: object) =>
      t.request('adminLogin', { method: 'POST', url: '/api/v1/admin/auth/login', payload });

    it('asks for the passkey with options that reach the browser whole, then signs in with it', async () => {
      const { key, passkey } = await enrol('Laptop');
      const credentials = { username: admin.username, password: 'correct-horse-battery' };
      const asked = await login(credentials);
      expect(asked.statusCode).toBe(401);
      const problem = expectResponseMatches<Schemas['LoginProblem']>('adminLogin', asked);
      expect(problem).toEqual({
        detail: 'Confirm with your passkey to finish signing in',
        two_factor_required: true,
        two_factor_methods: ['passkey'],
        // Every field of the library's options survives the error answer's serialisation.
        passkey_options: {
          challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
          allowCredentials: [{ id: key.id, type: 'public-key', transports: ['internal'] }],
          timeout: FIVE_MINUTES,
          userVerification: 'preferred',
          rpId: 'shop.test',
        },
      });

      const assertion = key.assert(problem.passkey_options!);
      const signedIn = await login({ ...credentials, passkey: assertion });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json<Schemas['TokenPair']>().user_type).toBe('admin');
      expect((await list())[0]).toEqual({ ...passkey, last_used_at: anyTimestamp });

      // The same answer again: its challenge is used up.
      const replayed = await login({ ...credentials, passkey: assertion });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json<Schemas['LoginProblem']>()).toMatchObject({
        detail: 'The passkey could not be verified',
        two_factor_required: true,
      });
    });

    it('refuses a passkey signed for another origin', async () => {
      const { key } = await enrol('Laptop');
      const credentials = { username: admin.username, password: 'correct-horse-battery' };
      const options = (await login(credentials)).json<Schemas['LoginProblem']>().passkey_options!;
      const res = await login({
        ...credentials,
        passkey: key.assert(options, { origin: 'https://shop.test.evil.example' }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<Schemas['LoginProblem']>().detail).toBe('The passkey could not be verified');
      expect((await rows())[0]!.last_used_at).toBeNull();
    });
  });
});
