// An admin collection under test (categories, VAT rates), written once: the app on an emptied
// shop with a manager's calls, and what a role without the right gets (a 403 checked against the
// contract, with the refusal text the admins read, and nothing changed).
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import type { DialectName } from '../src/db/database';
import type { AdminRole } from '../src/domain/roles';
import { collectionCalls, useAdmin, useTestApp, type AuthHeaders, type TestApp } from './app';
import { expectProblem } from './contract';
import { clearShop } from './shop';

/**
 * A test app on `dialect` (with these options), its shop emptied before each test, and a
 * manager's create, update and delete on the collection at `url`.
 */
export function useAdminCollection(
  dialect: DialectName,
  url: string,
  options?: Parameters<typeof useTestApp>[1],
) {
  const t = useTestApp(dialect, options);
  const admin = useAdmin(t, 'manager');
  beforeEach(() => clearShop(t.database.db));
  return { t, admin, ...collectionCalls(t, url, admin) };
}

type Answer = Promise<LightMyRequestResponse>;

/** The 403 of a role without the right: the text is written out, not taken from the server. */
export const expectRoleRefused = (
  res: LightMyRequestResponse,
  role: AdminRole,
  operationId?: string,
): void => expectProblem(res, 403, `Your role (${role}) does not allow this action`, operationId);

/** A row of the collection: how a test makes one, and reads it back as stored. */
export interface RefusedRow {
  insert: (name: string) => Promise<{ id: number }>;
  stored: (id: number) => Promise<{ name: string } | undefined>;
}

/**
 * Declares "is refused to <role> (403)" for a collection's PATCH: `role` tries to rename a row
 * named 'Kept' and gets the refusal; the stored name is still 'Kept'.
 */
export function itRefusesRename(
  t: TestApp,
  role: AdminRole,
  operationId: string,
  row: RefusedRow & {
    update: (id: number, payload: Record<string, unknown>, headers: AuthHeaders) => Answer;
  },
): void {
  it(`is refused to ${role} (403)`, async () => {
    const { id } = await row.insert('Kept');
    const res = await row.update(id, { name: 'Changed' }, await t.authAs(role));
    expectRoleRefused(res, role, operationId);
    expect((await row.stored(id))?.name).toBe('Kept');
  });
}

/** Declares "is refused to <role> (403)" for a collection's DELETE: the row is still stored. */
export function itRefusesDelete(
  t: TestApp,
  role: AdminRole,
  operationId: string,
  row: RefusedRow & { remove: (id: number, headers: AuthHeaders) => Answer },
): void {
  it(`is refused to ${role} (403)`, async () => {
    const { id } = await row.insert('Kept');
    const res = await row.remove(id, await t.authAs(role));
    expectRoleRefused(res, role, operationId);
    expect(await row.stored(id)).toBeDefined();
  });
}
