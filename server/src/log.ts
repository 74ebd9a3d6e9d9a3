// The server process's one logger: pino, one JSON line per entry on stdout (level, time, msg…).
// main.ts creates it before anything else, logs the start through it (a refused start too) and
// gives it to Fastify, the mailer, the database pool and the jobs, so `npm start` prints JSON
// lines only. The CLI commands (backup, restore, seeds) talk to a person at a terminal instead:
// they print plain lines and do not use it.
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';
import { safeLoggerOptions } from './http/security';

export type { Logger };

/** The process's logger at `level`, with the request log's redactions (http/security.ts). */
export function createLogger(level: LogLevel = 'info'): Logger {
  // Synchronous writes to stdout: with pino's default (asynchronous) a line logged just before
  // process.exit (a refused start, "Shut down") could be lost.
  return pino(safeLoggerOptions({ level }), pino.destination({ dest: 1, sync: true }));
}

/**
 * Logs why the start failed, as a fatal line that LOG_LEVEL=silent does not hide either (the
 * operator would otherwise see an exit code and nothing else), and ends the process with code 1.
 * "Cannot start: …" is the message people and scripts look for; `stack` adds the error's stack
 * (`err`) for the unexpected failures, not for a setting refused with its own clear message.
 */
export function exitCannotStart(
  log: Logger | undefined,
  err: unknown,
  { stack = false }: { stack?: boolean } = {},
): never {
  const logger = log?.isLevelEnabled('fatal') ? log : createLogger('fatal');
  const message = `Cannot start: ${err instanceof Error ? err.message : String(err)}`;
  if (stack) logger.fatal({ err }, message);
  else logger.fatal(message);
  process.exit(1);
}
