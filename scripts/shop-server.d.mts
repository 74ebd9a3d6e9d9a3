export const ADMIN_USERNAME: string;
export const ADMIN_PASSWORD: string;

/** Compiles the server when its sources changed since the last build (as `npm start` does). */
export function buildServerIfStale(): void;

/**
 * Loads the demo shop (npm run seed:demo, with its arguments: `--products N --orders M` for a
 * shop of that size) into a data folder before the server starts.
 */
export function seedDemo(dataDir: string, args?: readonly string[]): void;

/**
 * Runs the compiled server on `dataDir` and resolves once it answered a request, with the time
 * that took from the spawn (build it first: buildServerIfStale).
 */
export function runServer(
  dataDir: string,
  env?: Record<string, string>,
): Promise<{ baseURL: string; bootMs: number; stop(): Promise<void> }>;
