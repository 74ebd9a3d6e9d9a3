// `npm run admin:reset-password -- USERNAME` on each database, against the shop a server has
// open: the old password and the old sessions stop working, the printed password signs in, the
// audit log has the entry (no admin, "command line"), and the password appears nowhere but the
// one stdout line (not in the server's log, the command's stderr, the database or DATA_DIR).
// Refusals: an unknown or inactive user, no shop, a misused command.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testContext } from '../../test-support/app';
import { adminLogin, adminMe, refreshAdminToken, storedAdmin } from '../../test-support/auth';
import { expectProblem, expectStatus, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { injectChecked } from '../../test-support/openapi-validator';
import { buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import { openPostgres, openSqlite, type DatabaseHandle, type DialectName } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { resetPasswordCli } from './reset-password';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../../..');
const OLD_PASSWORD = 'correct-horse-battery';
const SESSION_ENDED = 'Your session has ended; please sign in again';
const WRONG_LOGIN = 'Incorrect username or password';
const PRINTED = /^New password \(shown only this once\): ([A-Za-z0-9_-]{24})$/;

/** A shop of its own: a DATA_DIR, and with PostgreSQL a new database; migrated. */
async function newShop(dialect: DialectName) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reset-password-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (dialect === 'postgres') {
    const serverUrl = process.env.DATABASE_URL!;
    const name = `reset_${randomBytes(6).toString('hex')}`;
    const server = openPostgres(serverUrl, { max: 1 });
    await sql`create database ${sql.id(name)}`.execute(server.db);
    await server.close();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const again = openPostgres(serverUrl, { max: 1 });
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(again.db);
      await again.close();
    };
  }
  const database: DatabaseHandle = databaseUrl
    ? openPostgres(databaseUrl)
    : openSqlite(join(dataDir, 'shop.db'));
  await migrateToLatest(database.db, dialect);
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  return {
    dataDir,
    env,
    database,
    dispose: async () => {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every byte of every file under dir (SQLite's shop.db and its -wal included). */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });
}

describe.each(testDialects)('npm run admin:reset-password (%s)', (dialect) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const cli = async (args: string[], env: NodeJS.ProcessEnv = shop.env) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await resetPasswordCli(args, {
      env,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err };
  };
  const createUser = async (username: string, values: { is_active?: 0 | 1 } = {}) => {
    const now = new Date().toISOString();
    return shop.database.db
      .insertInto('admin_users')
      .values({
        username,
        email: `${username.toLowerCase()}@example.com`,
        full_name: `Test ${username}`,
        role: 'super_admin',
        is_active: values.is_active ?? 1,
        password_hash: await hashPassword(OLD_PASSWORD),
        last_login: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const bearer = (pair: Schemas['TokenPair']) => ({
    authorization: `Bearer ${pair.access_token}`,
  });
  const signIn = async (username: string, password: string) =>
    expectStatus<Schemas['TokenPair']>(
      await adminLogin(app, username, password),
      200,
      'adminLogin',
    );

  beforeAll(async () => {
    shop = await newShop(dialect);
    // The server runs on the shop while the command resets: it must refuse the old sessions at
    // once (they are ended in the database, which every instance reads).
    const config = testConfig({ dataDir: shop.dataDir, databaseUrl: shop.env.DATABASE_URL });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(testContext(shop.database.db, dialect, config), {
      logger: { level: 'trace', stream },
    });
  });
  afterAll(async () => {
    await app?.close();
    await shop?.dispose();
  });

  it('resets: the old password and sessions stop working, the printed one signs in, audited', async () => {
    const { id } = await createUser('Owner');
    const before = await signIn('Owner', OLD_PASSWORD);
    const other = await signIn('owner', OLD_PASSWORD);
    expect((await adminMe(app, bearer(before))).statusCode).toBe(200);

    // As the operator types it (the script of package.json, its output as printed).
    const { stdout, stderr } = await run(
      'npm',
      ['run', '--silent', 'admin:reset-password', '--', 'owner'],
      // The shop's own settings only (the test run's DATABASE_URL is another shop's).
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...shop.env } },
    );
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Password of "Owner" reset; every session of the user has ended.');
    expect(lines[1]).toMatch(PRINTED);
    expect(lines.slice(2)).toEqual(['Sign in with it and choose a new password on My account.']);
    const password = PRINTED.exec(lines[1]!)![1]!;
    expect(stderr).toBe('');

    // Both sessions ended: access tokens and refresh tokens are refused.
    expectProblem(await adminMe(app, bearer(before)), 401, SESSION_ENDED);
    expectProblem(await adminMe(app, bearer(other)), 401, SESSION_ENDED);
    expect((await refreshAdminToken(app, before.refresh_token)).statusCode).toBe(401);
    expect((await refreshAdminToken(app, other.refresh_token)).statusCode).toBe(401);
    const sessions = await shop.database.db
      .selectFrom('auth_sessions')
      .select('revoked_at')
      .where('user_type', '=', 'admin')
      .where('user_id', '=', id)
      .execute();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);

    // The old password is refused, the printed one signs in.
    expectProblem(await adminLogin(app, 'Owner', OLD_PASSWORD), 401, WRONG_LOGIN);
    const after = await signIn('Owner', password);
    expect(
      expectStatus<Schemas['AdminUser']>(await adminMe(app, bearer(after)), 200, 'getAdminMe'),
    ).toMatchObject({ id, username: 'Owner' });

    // The audit log, as an admin reads it: no admin ("System"), where it came from, no secret.
    const log = expectStatus<Schemas['AuditEntry'][]>(
      await injectChecked(app, 'listAuditLog', {
        method: 'GET',
        url: `/api/v1/admin/audit-log/?entity=admin_user&entity_id=${id}`,
        headers: bearer(after),
      }),
      200,
      'listAuditLog',
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      admin_user_id: null,
      admin_username: null,
      action: 'update',
      entity: 'admin_user',
      entity_id: id,
      label: 'Owner',
    });
    expect(log[0]!.changes).toEqual([
      { field: 'password', before: '[redacted]', after: '[redacted]' },
      { field: 'written_from', before: null, after: 'command line' },
    ]);

    // The password is nowhere else: not in a log line of the server, nor in the database.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(password))).toEqual([]);
    const stored = await storedAdmin(shop.database.db, id);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const audit = await shop.database.db.selectFrom('audit_log').select('changes').execute();
    expect(audit.filter((a) => a.changes.includes(password))).toEqual([]);
    for (const bytes of filesUnder(shop.dataDir)) expect(bytes.includes(password)).toBe(false);
  });

  it('says that two-factor sign-in stays on, and each reset gives a new password', async () => {
    const { id } = await createUser('Carol');
    await shop.database.db
      .updateTable('admin_users')
      .set({ two_factor_enabled: 1 })
      .where('id', '=', id)
      .execute();
    const first = await cli(['Carol']);
    const second = await cli(['Carol']);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(first.err).toEqual([]);
    expect(first.out[2]).toBe(
      'Two-factor sign-in stays on: the user still needs their authenticator app, a recovery code or a passkey (a super admin can reset those on Users).',
    );
    const [a, b] = [first.out[1]!, second.out[1]!].map((line) => PRINTED.exec(line)![1]);
    expect(a).not.toBe(b);
  });

  it('refuses an unknown user without naming any other, and changes nothing', async () => {
    await createUser('Dave');
    const hashes = async () =>
      (await shop.database.db.selectFrom('admin_users').select('password_hash').execute()).map(
        (r) => r.password_hash,
      );
    const kept = await hashes();
    const auditBefore = await shop.database.db.selectFrom('audit_log').select('id').execute();
    expect(await cli(['nobody'])).toEqual({
      code: 2,
      out: [],
      err: ['Password not reset: no admin user "nobody"'],
    });
    expect(await hashes()).toEqual(kept);
    expect(await shop.database.db.selectFrom('audit_log').select('id').execute()).toEqual(
      auditBefore,
    );
  });

  it('refuses an inactive user: it could not sign in anyway', async () => {
    await createUser('Erin', { is_active: 0 });
    expect(await cli(['erin'])).toEqual({
      code: 2,
      out: [],
      err: [
        'Password not reset: "Erin" is inactive and could not sign in; an admin must reactivate the user first',
      ],
    });
    expectProblem(await adminLogin(app, 'Erin', OLD_PASSWORD), 401, WRONG_LOGIN);
  });

  it('refuses a misused command', async () => {
    const usage = {
      code: 2,
      out: [],
      err: ['usage: npm run admin:reset-password -- USERNAME'],
    };
    expect(await cli([])).toEqual(usage);
    expect(await cli(['a', 'b'])).toEqual(usage);
    expect(await cli(['--help'])).toEqual(usage);
  });

  it('refuses where there is no shop, and creates nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reset-password-empty-'));
    const serverUrl = process.env.DATABASE_URL;
    const name = `reset_empty_${randomBytes(6).toString('hex')}`;
    const server = dialect === 'postgres' ? openPostgres(serverUrl!, { max: 1 }) : undefined;
    try {
      const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
      if (server) {
        await sql`create database ${sql.id(name)}`.execute(server.db);
        const url = new URL(serverUrl!);
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.toString();
      }
      const { code, out, err } = await cli(['admin'], env);
      expect(code).toBe(2);
      expect(out).toEqual([]);
      if (server) {
        expect(err).toHaveLength(1);
        expect(err[0]).toMatch(/^Password not reset: no shop in the DATABASE_URL database \(.+\)$/);
      } else {
        expect(err).toEqual([`Password not reset: no shop in DATA_DIR ${dataDir} (no shop.db)`]);
      }
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      if (server) {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db);
        await server.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
