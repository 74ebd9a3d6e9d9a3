// Housekeeping the server runs at start and then on a timer (media sweep, audit retention).

export interface PeriodicLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface Periodic<T> {
  /** One run now (the timer's work); failures are logged, never thrown. */
  runOnce(): Promise<T>;
  stop(): void;
}

/**
 * Runs `work` once at start, then every `intervalMs`, never twice at once; the timer never
 * keeps the process alive. A run that did something (`report` gives its log details) is logged
 * as `done`; a failure is logged as `failed` and resolves with `fallback`.
 */
export function startPeriodic<T>(options: {
  work: () => Promise<T>;
  intervalMs: number;
  log: PeriodicLog;
  report: (result: T) => object | null;
  done: string;
  failed: string;
  fallback: T;
}): Periodic<T> {
  let running: Promise<T> | null = null;
  const runOnce = () => {
    running ??= options
      .work()
      .then((result) => {
        const details = options.report(result);
        if (details) options.log.info(details, options.done);
        return result;
      })
      .catch((err: unknown) => {
        options.log.warn({ err }, options.failed);
        return options.fallback;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  timer.unref();
  void runOnce();
  return { runOnce, stop: () => clearInterval(timer) };
}
