export const ADMIN_USERNAME: string;
export const ADMIN_PASSWORD: string;

/** Compiles the server when its sources changed since the last build (as `npm start` does). */
export function buildServerIfStale(): void;

/**
 * Loads the demo shop (npm run seed:demo, with its arguments: `--products N --orders M` for a
 * shop of that size) into a data folder before the server starts; `env` as runServer's (a
 * DATABASE_URL to seed a PostgreSQL database).
 */
export function seedDemo(
  dataDir: string,
  args?: readonly string[],
  env?: Record<string, string>,
): void;

/**
 * A fresh, empty database (`shop_e2e_<random>`) in the PostgreSQL cluster of `clusterUrl` (the
 * server migrates it when it starts); `drop` removes it, open connections and all.
 */
export function createShopDatabase(
  clusterUrl: string,
): Promise<{ url: string; drop(): Promise<void> }>;

/**
 * Runs the compiled server on `dataDir` and resolves once it answered a request, with the time
 * that took from the spawn (build it first: buildServerIfStale).
 */
export function runServer(
  dataDir: string,
  env?: Record<string, string>,
): Promise<{ baseURL: string; bootMs: number; stop(): Promise<void> }>;
