// The first start's super admin from ADMIN_PASSWORD: a weak one is taken (a fresh DATA_DIR must
// start) but said to be weak, for the start to warn; a strong or generated one says nothing.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test-support/app';
import { testDialects, useTestDatabase } from '../test-support/databases';
import { verifyPassword } from './auth/passwords';
import { bootstrap } from './bootstrap';

describe.each(testDialects)('bootstrap (%s)', (dialect) => {
  const database = useTestDatabase(dialect, { perTest: true });
  const admin = () => database.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow();

  it('creates the super admin with a weak ADMIN_PASSWORD, and says why it is weak', async () => {
    const result = await bootstrap(database.db, testConfig({ adminPassword: 'password123' }));
    expect(result).toMatchObject({
      createdAdmin: true,
      weakAdminPassword:
        'Password is too weak: This is a commonly used password. Add more words that are less common.',
    });
    expect(result.generatedAdminPassword).toBeUndefined();
    expect(await verifyPassword((await admin()).password_hash, 'password123')).toBe(true);
  });

  it('says nothing of a strong ADMIN_PASSWORD, nor of a generated one', async () => {
    const strong = await bootstrap(
      database.db,
      testConfig({ adminPassword: 'jasmin-boutique-2019' }),
    );
    expect(strong.createdAdmin).toBe(true);
    expect(strong.weakAdminPassword).toBeUndefined();
    // Once an admin exists, nothing is created or checked again.
    const again = await bootstrap(database.db, testConfig({ adminPassword: 'password123' }));
    expect(again).toEqual({ createdAdmin: false, seededVatRates: false });
  });

  it('generates a password strong enough when none is given', async () => {
    const result = await bootstrap(database.db, testConfig({ adminPassword: undefined }));
    expect(result.generatedAdminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(result.weakAdminPassword).toBeUndefined();
  });
});
