// What new signing keys do to the people signed in (README "Troubleshooting": a deleted
// secrets.json is regenerated at the next start). Access tokens are signed with JWT_SECRET and
// refused at once; refresh tokens are random values the database knows by their hash, so the
// console's silent refresh keeps its session going with a token signed by the new key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { AccessTokens } from '../auth/access-token';
import { loadConfig } from '../config';
import { expectProblem, type Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { adminLogin, adminMe, refreshAdminToken } from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';

type TokenPair = Schemas['TokenPair'];
const NEW_JWT_SECRET = 'a-new-jwt-secret-after-secrets-json-was-lost';

describe.each(testDialects)('new signing keys on a running shop (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  /** The same database served by a server started with other keys. */
  const restartedWithNewKeys = (): Promise<FastifyInstance> => {
    const config = {
      ...t.ctx.config,
      jwtSecret: NEW_JWT_SECRET,
      urlSigningKey: 'a-new-url-signing-key-after-secrets-json-lost',
    };
    return buildApp({
      ...t.ctx,
      config,
      tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    });
  };

  it('refuses the access tokens issued before, and the silent refresh keeps the session', async () => {
    const admin = await t.createAdmin({ role: 'manager' });
    const before = (await adminLogin(t.app, admin.username, admin.password)).json<TokenPair>();
    const bearer = (pair: TokenPair) => ({ authorization: `Bearer ${pair.access_token}` });
    expect((await adminMe(t.app, bearer(before))).statusCode).toBe(200);

    const restarted = await restartedWithNewKeys();
    try {
      expectProblem(await adminMe(restarted, bearer(before)), 401, 'Invalid token');

      const refreshed = await refreshAdminToken(restarted, before.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      const after = refreshed.json<TokenPair>();
      const me = await adminMe(restarted, bearer(after));
      expect(me.statusCode).toBe(200);
      expect(me.json<{ id: number }>().id).toBe(admin.id);
      // Signed with the new key: the server with the old one refuses it.
      expectProblem(await adminMe(t.app, bearer(after)), 401, 'Invalid token');
    } finally {
      await restarted.close();
    }
  });
});

describe('a damaged secrets.json', () => {
  it('stops the start, saying what deleting it would change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'new-secrets-'));
    try {
      writeFileSync(join(dir, 'secrets.json'), '{"jwtSecret": ');
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
        `${join(dir, 'secrets.json')} is not valid JSON; fix it, or delete it to generate new ` +
          `keys (authenticator apps and signed media URLs stop working; see README "Troubleshooting")`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
