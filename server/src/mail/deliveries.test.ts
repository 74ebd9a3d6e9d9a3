// The e-mail job sends its e-mail once although the queue runs a job at least once: a worker
// that sent it and died before recording the job done, a send that failed, a run that stopped
// before the mail server took the e-mail. On every test dialect, with the server's own handler.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test-support/app';
import { testDialects, useTestDatabase } from '../../test-support/databases';
import { AccessTokens } from '../auth/access-token';
import type { AppContext } from '../context';
import { backgroundJobHandlers } from '../services/platform/background-jobs';
import { claimJob, enqueueJob } from '../jobs/queue';
import { seal } from '../jobs/sealed';
import { jobRunner, type JobLog } from '../jobs/worker';
import { MAIL_JOB } from '../services/identity/magic-links';
import { LocalDiskStorage } from '../storage/local-disk';
import { createMemoryMailer, type Mailer } from './transport';

const MINUTE = 60 * 1000;
const LEASE_MS = MINUTE;

describe.each(testDialects)('the e-mail job runs at least once but sends once (%s)', (dialect) => {
  const database = useTestDatabase(dialect, { perTest: true });
  const config = testConfig();
  let at: number;
  let mailer: ReturnType<typeof createMemoryMailer>;
  let lines: { level: string; message: string }[];
  const log: JobLog = {
    info: (_, message) => lines.push({ level: 'info', message }),
    warn: (_, message) => lines.push({ level: 'warn', message }),
    error: (_, message) => lines.push({ level: 'error', message }),
  };
  const now = () => new Date(at);
  const ctx = (sender: Mailer): AppContext => ({
    db: database.db,
    dialect,
    config,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    mailer: sender,
    now,
  });
  /** The server's `mail.send` handler, sending through `sender`. */
  const handler = (sender: Mailer = mailer) =>
    backgroundJobHandlers(ctx(sender), { storage: new LocalDiskStorage('/nonexistent'), log })[
      MAIL_JOB
    ];
  /** A worker on the test's clock with the server's handler (a 1-minute lease, 1-minute backoff). */
  const runner = (sender: Mailer = mailer) =>
    jobRunner({
      db: database.db,
      dialect,
      handlers: { [MAIL_JOB]: handler(sender) },
      log,
      now,
      leaseMs: LEASE_MS,
      backoffMs: () => MINUTE,
    });
  const enqueueMagicLink = async (to: string) =>
    (await enqueueJob(database.db, {
      kind: MAIL_JOB,
      payload: { template: 'magic-link', to, sealed_token: seal(config.jwtSecret, 'x'.repeat(43)) },
      runAt: now(),
    }))!;
  const jobRow = (id: number) =>
    database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const delivery = (id: number) =>
    database.db
      .selectFrom('mail_deliveries')
      .selectAll()
      .where('job_id', '=', id)
      .executeTakeFirst();

  beforeEach(() => {
    at = Date.parse('2026-11-28T10:00:00.000Z');
    mailer = createMemoryMailer();
    lines = [];
  });
  afterEach(() => {
    lines = [];
  });

  it('sends once when the worker sent it and died before recording the job done', async () => {
    const id = await enqueueMagicLink('jane@example.tn');
    // The first worker claims the job and sends, then dies: the job stays running, its lease on.
    const claimed = await claimJob(database.db, dialect, {
      now: now(),
      leaseMs: LEASE_MS,
      kinds: [MAIL_JOB],
    });
    expect(claimed).toMatchObject({ id, attempts: 1 });
    await handler()(JSON.parse(claimed!.payload), claimed!);
    expect(mailer.messages.map((m) => m.to)).toEqual(['jane@example.tn']);
    expect(await jobRow(id)).toMatchObject({ status: 'running' });

    // Within the lease nobody takes it; once the lease has run out another worker runs it again.
    at += LEASE_MS - 1000;
    expect(await runner().runNext()).toBe(false);
    at += 2000;
    expect(await runner().runNext()).toBe(true);

    expect(mailer.messages.map((m) => m.to)).toEqual(['jane@example.tn']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(await delivery(id)).toMatchObject({
      sent_at: new Date(at - LEASE_MS - 1000).toISOString(),
    });
    expect(lines).toEqual([{ level: 'info', message: 'E-mail sent already: not sent again' }]);
    // Done: nothing is due any more, however late.
    at += 24 * 60 * MINUTE;
    expect(await runner().runNext()).toBe(false);
    expect(mailer.messages).toHaveLength(1);
  });

  it('sends once, on the retry, when the mail server refused the first attempt', async () => {
    const id = await enqueueMagicLink('omar@example.tn');
    const refusing: Mailer = { send: () => Promise.reject(new Error('421 Try again later')) };
    expect(await runner(refusing).runNext()).toBe(true);
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '421 Try again later',
    });
    // The failed send gave the sending back: the retry is a first send, without a warning.
    expect(await delivery(id)).toBeUndefined();
    at += MINUTE;
    expect(await runner().runNext()).toBe(true);
    expect(mailer.messages.map((m) => m.to)).toEqual(['omar@example.tn']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(lines.map((l) => l.level)).toEqual(['warn']); // the worker's "Job failed; it will be retried"
  });

  it('sends again, with a warning, when the run that took the sending stopped before it was recorded', async () => {
    const id = await enqueueMagicLink('lina@example.tn');
    const claimed = await claimJob(database.db, dialect, {
      now: now(),
      leaseMs: LEASE_MS,
      kinds: [MAIL_JOB],
    });
    // The first run's mail server never answers (the process then dies): nothing was recorded sent.
    const hanging: Mailer = { send: () => new Promise<void>(() => {}) };
    void handler(hanging)(JSON.parse(claimed!.payload), claimed!);
    await expect.poll(() => delivery(id)).toMatchObject({ sent_at: null });

    at += 2 * LEASE_MS;
    expect(await runner().runNext()).toBe(true);
    expect(mailer.messages.map((m) => m.to)).toEqual(['lina@example.tn']);
    expect(lines).toEqual([
      {
        level: 'warn',
        message:
          'An earlier run stopped while sending this e-mail: it is sent again and may arrive twice',
      },
    ]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await delivery(id)).toMatchObject({ sent_at: now().toISOString() });
  });

  it('sends nothing when an admin retries a dead e-mail job whose e-mail was sent', async () => {
    const id = await enqueueMagicLink('sami@example.tn');
    expect(await runner().runNext()).toBe(true);
    // Dead after the send (e.g. its last attempt's worker died while recording it), then retried.
    await database.db
      .updateTable('jobs')
      .set({ status: 'queued', attempts: 0, run_at: now().toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await runner().runNext()).toBe(true);
    expect(mailer.messages).toHaveLength(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('forgets the delivery with its job when done jobs are pruned', async () => {
    const id = await enqueueMagicLink('rim@example.tn');
    expect(await runner().runNext()).toBe(true);
    expect(await delivery(id)).toBeDefined();
    await database.db.deleteFrom('jobs').where('id', '=', id).execute();
    expect(await delivery(id)).toBeUndefined();
  });
});
