// The order e-mails (#28 part 6) in tests: run the queued `order.email` jobs as an instance's
// worker would, and read what the memory mailer was handed.
import type { DialectName } from '../src/db/database';
import { jobRunner } from '../src/jobs/worker';
import type { createMemoryMailer } from '../src/mail/transport';
import { ORDER_EMAIL_JOB } from '../src/services/orders/order-emails';
import { backgroundJobHandlers } from '../src/services/platform/background-jobs';
import { mediaStorage } from '../src/services/platform/media';
import type { TestApp } from './app';
import { silentJobLog } from './jobs';

/** Runs every due `order.email` job; the messages they sent, oldest first. */
export async function sendQueuedOrderEmails(t: TestApp, dialect: DialectName) {
  const mailer = t.ctx.mailer as ReturnType<typeof createMemoryMailer>;
  const before = mailer.messages.length;
  const handlers = backgroundJobHandlers(t.ctx, {
    storage: mediaStorage(t.ctx.config),
    log: silentJobLog,
  });
  const runner = jobRunner({
    db: t.database.db,
    dialect,
    handlers: { [ORDER_EMAIL_JOB]: handlers[ORDER_EMAIL_JOB] },
    log: silentJobLog,
    now: () => t.ctx.now(),
  });
  while (await runner.runNext());
  return mailer.messages.slice(before);
}
