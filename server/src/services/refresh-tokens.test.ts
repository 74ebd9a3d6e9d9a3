import { describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../../test-support/databases';
import { HttpProblem } from '../api/problem';
import {
  hashRefreshToken,
  issueRefreshToken,
  REFRESH_ERRORS,
  revokeUserRefreshTokens,
  rotateRefreshToken,
} from './refresh-tokens';

const NOW = new Date('2026-01-15T09:00:00.000Z');
const allowed = () => Promise.resolve(true);

describe.each(testDialects)('refresh tokens (%s)', (dialect) => {
  const database = useTestDatabase(dialect, { perTest: true });

  const rowsOfFamily = async (token: string) => {
    const row = await database.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashRefreshToken(token))
      .executeTakeFirstOrThrow();
    return database.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', row.family_id)
      .execute();
  };
  const rejection = async (promise: Promise<unknown>) => {
    const e = await promise.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(HttpProblem);
    return e as HttpProblem;
  };

  it('issues a new family per sign-in and stores only the hash', async () => {
    const a = await issueRefreshToken(database.db, { userType: 'admin', userId: 1, now: NOW });
    const b = await issueRefreshToken(database.db, { userType: 'admin', userId: 1, now: NOW });
    const rows = await database.db.selectFrom('refresh_tokens').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashRefreshToken(a), hashRefreshToken(b)]);
    expect(rows[0]!.family_id).not.toBe(rows[1]!.family_id);
    expect(rows[0]!.expires_at).toBe('2026-01-22T09:00:00.000Z');
  });

  it('lets only one of two concurrent refreshes with the same token win; the other revokes the family', async () => {
    const token = await issueRefreshToken(database.db, {
      userType: 'customer',
      userId: 7,
      now: NOW,
    });
    const results = await Promise.allSettled([
      rotateRefreshToken(database.db, {
        token,
        userType: 'customer',
        now: NOW,
        userAllowed: allowed,
      }),
      rotateRefreshToken(database.db, {
        token,
        userType: 'customer',
        now: NOW,
        userAllowed: allowed,
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as HttpProblem).detail).toBe(REFRESH_ERRORS.reused);
    const family = await rowsOfFamily(token);
    expect(family).toHaveLength(2);
    for (const row of family) expect(row.revoked_at).toBe(NOW.toISOString());
  });

  it('revokes the family when the user may no longer sign in', async () => {
    const token = await issueRefreshToken(database.db, { userType: 'admin', userId: 3, now: NOW });
    const problem = await rejection(
      rotateRefreshToken(database.db, {
        token,
        userType: 'admin',
        now: NOW,
        userAllowed: (_trx, id) => Promise.resolve(id !== 3),
      }),
    );
    expect(problem.statusCode).toBe(401);
    expect(problem.detail).toBe(REFRESH_ERRORS.inactive);
    const [row] = await rowsOfFamily(token);
    expect(row!.revoked_at).toBe(NOW.toISOString());
  });

  it('revokes all tokens of one user and nobody else', async () => {
    const mine = await issueRefreshToken(database.db, { userType: 'admin', userId: 5, now: NOW });
    const customerSameId = await issueRefreshToken(database.db, {
      userType: 'customer',
      userId: 5,
      now: NOW,
    });
    await revokeUserRefreshTokens(database.db, 'admin', 5, NOW);
    expect((await rowsOfFamily(mine))[0]!.revoked_at).toBe(NOW.toISOString());
    expect((await rowsOfFamily(customerSameId))[0]!.revoked_at).toBeNull();
    const problem = await rejection(
      rotateRefreshToken(database.db, {
        token: mine,
        userType: 'admin',
        now: NOW,
        userAllowed: allowed,
      }),
    );
    expect(problem.detail).toBe(REFRESH_ERRORS.reused);
  });
});
