// The shared job queue on every test dialect: claims by several workers on their own
// connections, retries and the dead state, leases, periodic work enqueued by several instances,
// the e-mail a worker sends, and what admins see and may do (listJobs, retryJob).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, useAdminAccount, useTestApp } from '../../test-support/app';
import {
  anyTimestamp,
  expectProblem,
  expectStatus,
  type Schemas,
} from '../../test-support/contract';
import { sendMagicLink } from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';
import { silentJobLog } from '../../test-support/jobs';
import { createMemoryMailer } from '../mail/transport';
import { LocalDiskStorage } from '../storage/local-disk';
import { backgroundJobs } from '../services/platform/background-jobs';
import { startBackgroundJobs } from './background';
import { enqueuePeriodicJobs, periodKey } from './periodic';
import { claimJob, enqueueJob, jobQueueDepth, markJobDone, type ClaimedJob } from './queue';
import { jobRunner, startJobWorker, type JobHandlers, type JobWorker } from './worker';

type Job = Schemas['Job'];

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(testDialects)('jobs (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'admin');
  const db = () => t.database.db;
  const workers: JobWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await db().deleteFrom('jobs').execute();
  });

  /** A clock the test moves from the app's time (which retryJob reads); workers read it. */
  const clock = () => {
    let at = t.ctx.now().getTime();
    return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
  };
  /** A worker polling on its own (on `database`'s connections). */
  const worker = (handlers: JobHandlers, database = db()) => {
    const started = startJobWorker({
      db: database,
      dialect,
      handlers,
      log: silentJobLog,
      pollMs: 10,
    });
    workers.push(started);
    return started;
  };
  /** Runs the due jobs when the test asks, on the test's clock. */
  const runner = (handlers: JobHandlers, now: () => Date) =>
    jobRunner({ db: db(), dialect, handlers, log: silentJobLog, now });
  const jobRow = (id: number) =>
    db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const listJobs = (query: Record<string, string> = {}) =>
    t.request('listJobs', {
      method: 'GET',
      url: `/api/v1/admin/jobs/?${new URLSearchParams(query).toString()}`,
      headers: admin.headers,
    });
  const retry = (id: number, headers = admin.headers) =>
    t.request('retryJob', { method: 'POST', url: `/api/v1/admin/jobs/${id}/retry`, headers });

  it('runs each of 50 jobs exactly once with two workers on two connections', async () => {
    const other = t.database.connectAgain();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) {
        ids.push((await enqueueJob(db(), { kind: 'test.count', payload: { n: i } }))!);
      }
      const runs: { worker: string; n: number }[] = [];
      // Each worker's first job waits until the other worker runs one too: the claim must let a
      // second worker in while a job runs (a claim that serialised them would hang here and fail).
      const started = new Map<string, () => void>();
      const first = new Map(
        ['a', 'b'].map((name) => [
          name,
          new Promise<void>((resolve) => started.set(name, resolve)),
        ]),
      );
      const counting =
        (name: string, other: string): JobHandlers['x'] =>
        async (payload) => {
          runs.push({ worker: name, n: (payload as { n: number }).n });
          started.get(name)!();
          await first.get(other);
        };
      worker({ 'test.count': counting('a', 'b') });
      worker({ 'test.count': counting('b', 'a') }, other.db);
      await vi.waitFor(async () => expect((await jobQueueDepth(db())).done).toBe(50), {
        timeout: 20_000,
        interval: 50,
      });
      expect(runs.map((r) => r.n).sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
      // Both took part (the claim lets a second worker in, it does not serialise them).
      expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
      const rows = await db().selectFrom('jobs').selectAll().where('id', 'in', ids).execute();
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
      expect(await jobQueueDepth(db())).toEqual({ queued: 0, running: 0, done: 50, dead: 0 });
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await other.close();
    }
  });

  it('retries a failing job with backoff, then it is dead, listed, and retryJob brings it back', async () => {
    const time = clock();
    let failing = true;
    const handler = vi.fn(() =>
      failing ? Promise.reject(new Error('Connection refused')) : Promise.resolve(),
    );
    const id = (await enqueueJob(db(), {
      kind: 'test.flaky',
      payload: { to: 'someone@example.com' },
      runAt: time.now(),
      maxAttempts: 3,
    }))!;
    const w = runner({ 'test.flaky': handler }, time.now);

    expect(await w.runNext()).toBe(true);
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'Connection refused',
      locked_until: null,
      run_at: new Date(time.now().getTime() + 10 * SECOND).toISOString(),
    });
    // Not due before its backoff: 10 s after the first failure, then 20 s.
    expect(await w.runNext()).toBe(false);
    time.advance(10 * SECOND);
    expect(await w.runNext()).toBe(true);
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      run_at: new Date(time.now().getTime() + 20 * SECOND).toISOString(),
    });
    time.advance(19 * SECOND);
    expect(await w.runNext()).toBe(false);
    time.advance(1 * SECOND);
    expect(await w.runNext()).toBe(true);
    const diedAt = time.now().toISOString();
    expect(await jobRow(id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      last_error: 'Connection refused',
      finished_at: diedAt,
    });
    time.advance(60 * MINUTE);
    expect(await w.runNext()).toBe(false);
    expect(handler).toHaveBeenCalledTimes(3);

    // Admins see it among the dead, without its payload.
    const listed = expectStatus<Job[]>(await listJobs({ status: 'dead' }), 200, 'listJobs');
    expect(listed).toEqual([
      {
        id,
        kind: 'test.flaky',
        status: 'dead',
        attempts: 3,
        max_attempts: 3,
        run_at: anyTimestamp,
        last_error: 'Connection refused',
        created_at: anyTimestamp,
        finished_at: diedAt,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('someone@example.com');

    const retried = expectStatus<Job>(await retry(id), 200, 'retryJob');
    expect(retried).toMatchObject({ id, status: 'queued', attempts: 0, finished_at: null });
    expectProblem(await retry(id), 409, 'Only a dead job can be retried; this one is queued');
    failing = false;
    expect(await w.runNext()).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(handler).toHaveBeenCalledTimes(4);
    expectProblem(await retry(id), 409, 'Only a dead job can be retried; this one is done');
    expectProblem(await retry(999_999), 404, 'Job not found');
  });

  it('lets another worker take a job whose lease ran out, and only the last claim counts', async () => {
    const time = clock();
    const id = (await enqueueJob(db(), { kind: 'test.lease', payload: {}, runAt: time.now() }))!;
    const claim = () =>
      claimJob(db(), dialect, { now: time.now(), leaseMs: MINUTE, kinds: ['test.lease'] });
    const first = (await claim())!;
    expect(first).toMatchObject({ id, attempts: 1 });
    // Held while the lease runs.
    time.advance(MINUTE - 1);
    expect(await claim()).toBeUndefined();
    // Its instance died: after the lease, the job is taken again.
    time.advance(1);
    const second = (await claim())!;
    expect(second).toMatchObject({ id, attempts: 2 });
    // The first worker, back from the dead, cannot record an outcome over the second's claim.
    await markJobDone(db(), first, time.now());
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 });
    await markJobDone(db(), second, time.now());
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('buries a job whose worker died during its last attempt', async () => {
    const time = clock();
    const id = (await enqueueJob(db(), {
      kind: 'test.crash',
      payload: {},
      runAt: time.now(),
      maxAttempts: 1,
    }))!;
    const died: ClaimedJob = (await claimJob(db(), dialect, {
      now: time.now(),
      leaseMs: MINUTE,
      kinds: ['test.crash'],
    }))!;
    expect(died.attempts).toBe(1);
    time.advance(MINUTE);
    const handler = vi.fn(() => Promise.resolve());
    const w = runner({ 'test.crash': handler }, time.now);
    expect(await w.runNext()).toBe(true);
    expect(handler).not.toHaveBeenCalled();
    expect(await jobRow(id)).toMatchObject({
      status: 'dead',
      last_error: 'The worker stopped during the last attempt',
    });
  });

  it('enqueues a period’s periodic job once, however many instances enqueue it', async () => {
    const other = t.database.connectAgain();
    try {
      const sweep = { kind: 'media.sweep', everyMs: 60 * MINUTE };
      const at = new Date('2026-11-24T21:30:00.000Z');
      expect(periodKey(sweep, at)).toBe('media.sweep:2026-11-24T21');
      expect(periodKey({ kind: 'audit.retention', everyMs: 24 * 60 * MINUTE }, at)).toBe(
        'audit.retention:2026-11-24',
      );
      // Two instances start together, and again a minute later (their timers).
      await Promise.all([
        enqueuePeriodicJobs(db(), [sweep], at),
        enqueuePeriodicJobs(other.db, [sweep], at),
      ]);
      await Promise.all([
        enqueuePeriodicJobs(db(), [sweep], new Date(at.getTime() + MINUTE)),
        enqueuePeriodicJobs(other.db, [sweep], new Date(at.getTime() + MINUTE)),
      ]);
      const keys = async () =>
        (await db().selectFrom('jobs').select('unique_key').orderBy('id').execute()).map(
          (r) => r.unique_key,
        );
      expect(await keys()).toEqual(['media.sweep:2026-11-24T21']);
      // The next hour is a new period.
      await enqueuePeriodicJobs(other.db, [sweep], new Date('2026-11-24T22:00:00.000Z'));
      expect(await keys()).toEqual(['media.sweep:2026-11-24T21', 'media.sweep:2026-11-24T22']);
    } finally {
      await other.close();
    }
  });

  it('enqueues the housekeeping at start and runs it, pruning the done jobs older than a week', async () => {
    const now = t.ctx.now();
    const daysAgo = (days: number) =>
      new Date(now.getTime() - days * 24 * 60 * MINUTE).toISOString();
    const finished = async (status: 'done' | 'dead', at: string) => {
      const id = (await enqueueJob(db(), { kind: 'test.old', payload: {} }))!;
      await db()
        .updateTable('jobs')
        .set({ status, finished_at: at })
        .where('id', '=', id)
        .execute();
      return id;
    };
    await finished('done', daysAgo(8)); // deleted
    const recent = await finished('done', daysAgo(1));
    const dead = await finished('dead', daysAgo(30));
    const uploads = mkdtempSync(join(tmpdir(), 'jobs-test-'));
    // Scheduled backups (backup.run) are tested in backup/backups.test.ts.
    const ctx = { ...t.ctx, config: { ...t.ctx.config, jobPollMs: 10, backupIntervalHours: 0 } };
    const background = startBackgroundJobs(ctx, {
      ...backgroundJobs(ctx, { storage: new LocalDiskStorage(uploads), log: silentJobLog }),
      log: silentJobLog,
    });
    try {
      const housekeeping = () =>
        db()
          .selectFrom('jobs')
          .select(['kind', 'status'])
          .where('kind', '!=', 'test.old')
          .orderBy('kind')
          .execute();
      await vi.waitFor(
        async () =>
          expect(await housekeeping()).toEqual([
            { kind: 'audit.retention', status: 'done' },
            { kind: 'db.integrity', status: 'done' },
            { kind: 'jobs.prune', status: 'done' },
            { kind: 'media.sweep', status: 'done' },
            { kind: 'webhooks.prune', status: 'done' },
          ]),
        { timeout: 10_000 },
      );
    } finally {
      await background.stop();
      rmSync(uploads, { recursive: true, force: true });
    }
    const left = await db()
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'test.old')
      .execute();
    expect(left.map((r) => r.id)).toEqual([recent, dead]);
  });

  it('refuses listJobs and retryJob to a manager (403)', async () => {
    const manager = await t.authAs('manager');
    expectProblem(
      await t.request('listJobs', { method: 'GET', url: '/api/v1/admin/jobs/', headers: manager }),
      403,
      'Your role (manager) does not allow this action',
    );
    expectProblem(await retry(1, manager), 403, 'Your role (manager) does not allow this action');
    expect((await listJobs()).statusCode).toBe(200);
  });

  it('filters the list by status and kind, pages it newest first with X-Total-Count', async () => {
    const a = (await enqueueJob(db(), { kind: 'test.a', payload: {} }))!;
    const b = (await enqueueJob(db(), { kind: 'test.b', payload: {} }))!;
    const c = (await enqueueJob(db(), { kind: 'test.a', payload: {} }))!;
    await db().updateTable('jobs').set({ status: 'done' }).where('id', '=', c).execute();
    const ids = (res: Awaited<ReturnType<typeof listJobs>>) =>
      expectStatus<Job[]>(res, 200, 'listJobs').map((j) => j.id);
    expect(ids(await listJobs())).toEqual([c, b, a]);
    expect(ids(await listJobs({ kind: 'test.a' }))).toEqual([c, a]);
    expect(ids(await listJobs({ status: 'queued', kind: 'test.a' }))).toEqual([a]);
    const page = await listJobs({ skip: '1', limit: '1' });
    expect(ids(page)).toEqual([b]);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await listJobs({ status: 'lost' })).statusCode).toBe(422);
  });
});

describe.each(testDialects)('the e-mail job (%s)', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('is enqueued with the link, sealed, and sent by the worker', async () => {
    const mailer = createMemoryMailer();
    const t = await createTestApp(dialect, { mailer });
    close = () => t.close();
    expect((await sendMagicLink(t.app, 'queue@example.com')).statusCode).toBe(202);
    await vi.waitFor(() => expect(mailer.messages).toHaveLength(1));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mailer.messages[0]!.text)?.[1];
    expect(token).toBeDefined();
    await vi.waitFor(async () =>
      expect(
        await t.database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow(),
      ).toMatchObject({ kind: 'mail.send', status: 'done', attempts: 1 }),
    );
    const { payload } = await t.database.db
      .selectFrom('jobs')
      .select('payload')
      .executeTakeFirstOrThrow();
    // The table keeps the address and a sealed token, never the token itself.
    expect(JSON.parse(payload)).toMatchObject({ template: 'magic-link', to: 'queue@example.com' });
    expect(payload).not.toContain(token);
  });
});
