// `npm start`'s process (main.ts) as an operator sees it: every line it prints is JSON with
// level, time and msg, no secret of the environment among them, and the folders of shop data
// under DATA_DIR are 0700 whatever the database and wherever the secrets come from (#33).
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test-support/databases';
import {
  createPostgresDatabase,
  runServerToExit,
  startServerProcess,
} from '../test-support/server-process';

const ADMIN_PASSWORD = 'Operator-Pass-4821-xyz';
const JWT_SECRET = 'jwt-secret-of-the-test-'.padEnd(48, 'j');
const URL_SIGNING_KEY = 'url-signing-key-of-the-test-'.padEnd(48, 'u');

interface LogLine {
  level: number;
  time: number;
  msg: string;
}

/** Each line parsed; a line that is not JSON with level, time and msg fails the test. */
function logLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const parsed = JSON.parse(line) as Partial<LogLine> & Record<string, unknown>;
      expect([typeof parsed.level, typeof parsed.time, typeof parsed.msg], line).toEqual([
        'number',
        'number',
        'string',
      ]);
      return parsed as LogLine;
    });
}

const mode = (path: string) => statSync(path).mode & 0o777;

let dataDir: string;
beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'main-test-')), 'data');
});
afterEach(() => {
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
});

describe.each(testDialects)('npm start prints JSON lines only (%s)', (dialect) => {
  let dropDatabase: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dropDatabase?.();
    dropDatabase = undefined;
  });

  it('logs its start, a magic link and its stop as JSON, tightens DATA_DIR, uploads/ and outbox/ to 0700', async () => {
    // A DATA_DIR made by hand with the usual umask: 0755, its folders too.
    for (const folder of [dataDir, join(dataDir, 'uploads'), join(dataDir, 'outbox')]) {
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o755);
    }
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      // Both secrets from the environment: nothing is written to DATA_DIR by loadSecrets.
      JWT_SECRET,
      URL_SIGNING_KEY,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMTP_URL: '',
      S3_BUCKET: '',
    };
    if (dialect === 'postgres') {
      const created = await createPostgresDatabase('main_log');
      dropDatabase = created.drop;
      env.DATABASE_URL = created.url;
    }
    const server = await startServerProcess(env);
    try {
      const res = await fetch(`${server.api}/auth/send-magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'jane@example.tn' }),
      });
      expect(res.status).toBe(202);
      await expect.poll(() => server.stdout(), { timeout: 20_000 }).toContain('Magic link for');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);

    const lines = logLines(server.stdout());
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain(
      'Created the super admin "admin", password: the value of ADMIN_PASSWORD',
    );
    expect(messages).toContain(`Store back office on http://localhost:${server.port} (${dialect})`);
    const [outboxFile, ...more] = readdirSync(join(dataDir, 'outbox'));
    expect(more).toEqual([]);
    expect(messages).toContain(
      `Magic link for jane@example.tn written to ${join(dataDir, 'outbox', outboxFile!)}`,
    );
    expect(messages.at(-1)).toBe('Shut down');
    for (const secret of [ADMIN_PASSWORD, JWT_SECRET, URL_SIGNING_KEY]) {
      expect(server.stdout()).not.toContain(secret);
    }
    expect(server.stderr()).toBe('');

    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'uploads'))).toBe(0o700);
    expect(mode(join(dataDir, 'outbox'))).toBe(0o700);
    expect(mode(join(dataDir, 'outbox', outboxFile!))).toBe(0o600);
    // The secrets came from the environment: no secrets.json; PostgreSQL: no shop.db either.
    const files = readdirSync(dataDir);
    expect(files).not.toContain('secrets.json');
    expect(files.includes('shop.db')).toBe(dialect === 'sqlite');
    // backups/ too when the scheduled backup ran already: every folder is the server's user's.
    const folders = files.filter((f) => statSync(join(dataDir, f)).isDirectory());
    expect(folders).toEqual(expect.arrayContaining(['outbox', 'uploads']));
    expect(folders.map((f) => [f, mode(join(dataDir, f))])).toEqual(folders.map((f) => [f, 0o700]));
  }, 120_000);
});

/** main.ts with `env` until it exits by itself: its exit code and stdout. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return runServerToExit({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    ...env,
  });
}

describe('a refused start is one fatal JSON line and exit code 1', () => {
  it.each([
    [
      { LOG_LEVEL: 'bogus' },
      'Cannot start: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "bogus"',
    ],
    // LOG_LEVEL=silent does not hide why the start failed.
    [
      { LOG_LEVEL: 'silent', VIES_TIMEOUT_MS: '50' },
      'Cannot start: VIES_TIMEOUT_MS must be an integer from 100 to 60000, got "50"',
    ],
  ])(
    '%j',
    async (env, message) => {
      const { code, stdout } = await runToExit({ DATA_DIR: dataDir, ...env });
      expect(code).toBe(1);
      const lines = logLines(stdout);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([[60, message]]);
      expect(Object.keys(lines[0]!).sort()).toEqual(['hostname', 'level', 'msg', 'pid', 'time']);
    },
    90_000,
  );

  it('shows a generated admin password at warn, so LOG_LEVEL=warn still shows it', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = logLines(server.stdout());
    // Nothing below warn; besides the password, a fresh clone without dist/ warns about that.
    expect(lines.filter((line) => line.level < 40)).toEqual([]);
    const created = lines.filter((line) => line.msg.startsWith('Created the super admin'));
    expect(created.map((line) => line.level)).toEqual([40]);
    expect(created[0]!.msg).toMatch(
      /^Created the super admin "admin", password: [\w-]{16} {2}\(generated; shown only this once\)$/,
    );
    // Secrets generated into DATA_DIR/secrets.json stay there.
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    for (const value of Object.values(secrets)) expect(server.stdout()).not.toContain(value);
    expect(mode(dataDir)).toBe(0o700);
  }, 90_000);
});
