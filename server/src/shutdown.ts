// Graceful shutdown (SIGTERM/SIGINT): the listener stops taking connections and /readyz answers
// 503 (http/health.ts), requests in flight finish, background work stops, then the database
// closes; all within SHUTDOWN_TIMEOUT_S, after which what is still open is cut.
import type { FastifyInstance } from 'fastify';

export interface ShutdownPlan {
  app: FastifyInstance;
  timeoutMs: number;
  /** Stopped while the requests in flight finish (timers, the job worker: it waits for its job). */
  background: (() => Promise<void> | void)[];
  /** Closed last, once nothing uses them any more (the database, the metrics listener). */
  resources: (() => Promise<void> | void)[];
  log: { info(message: string): void; error(message: string): void };
}

const IDLE_REAP_MS = 50;

/** Resolves with the process's exit code: 0 when everything closed in time, 1 otherwise. */
export async function shutDown(plan: ShutdownPlan): Promise<number> {
  plan.log.info('Shutting down: finishing the requests in flight');
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), plan.timeoutMs);
  });
  // A keep-alive connection whose request was in flight when the listener closed stays open once
  // answered (until Fastify's 72 s keep-alive timeout), and the server waits for it: close such
  // connections as soon as they fall idle.
  const reaper = setInterval(() => plan.app.server.closeIdleConnections(), IDLE_REAP_MS);
  const orderly = (async () => {
    await Promise.all([plan.app.close(), ...plan.background.map((stop) => stop())]);
    clearInterval(reaper);
    for (const close of plan.resources) await close();
    return 'done' as const;
  })();
  const outcome = await Promise.race([orderly, deadline]).catch((error: unknown) => {
    plan.log.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
    return 'failed' as const;
  });
  clearTimeout(timer);
  clearInterval(reaper);
  if (outcome === 'done') {
    plan.log.info('Shut down');
    return 0;
  }
  if (outcome === 'late') {
    plan.log.error(`Shutdown took longer than ${plan.timeoutMs} ms: open requests are cut`);
    plan.app.server.closeAllConnections();
  }
  return 1;
}
