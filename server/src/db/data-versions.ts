// The data versions (migrations 007 and 014) as the server reads them: one number per scope
// that grows with every committed transaction writing one of the scope's tables, whichever
// connection or instance wrote. The list cache and the admin check compare them with the ones
// an answer or an admin row was read under.
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { SCOPES_007 } from './migrations/007_data_versions';
import { SCOPES_014 } from './migrations/014_admin_version';
import { SCOPES_018 } from './migrations/018_sessions';
import { SCOPES_020 } from './migrations/020_settings_version';
import { SCOPES_032 } from './migrations/032_customer_notes';
import type { Database } from './schema';

/** Every scope and the tables it covers. */
const DATA_SCOPES = {
  ...SCOPES_007,
  ...SCOPES_014,
  ...SCOPES_018,
  ...SCOPES_020,
  ...SCOPES_032,
} as const;
export type DataScope = keyof typeof DATA_SCOPES;
type Versions = Record<DataScope, string>;

export interface DataVersions {
  /**
   * The versions as of a read that started after this call (one started before might miss a
   * write the caller's client has seen committed).
   */
  current(): Promise<Versions>;
}

export function createDataVersions(db: Kysely<Database>): DataVersions {
  const names = Object.keys(DATA_SCOPES) as DataScope[];
  const query: CompiledQuery<Record<DataScope, number | string>> = sql<
    Record<DataScope, number | string>
  >`select ${sql.join(
    names.map((s) => sql`cast(coalesce(sum(${sql.ref(s)}), 0) as bigint) as ${sql.ref(s)}`),
  )} from data_versions`.compile(db);

  async function read(): Promise<Versions> {
    const row = (await db.executeQuery(query)).rows[0];
    if (!row) throw new Error('unreachable: an aggregate without group by returns one row');
    return Object.fromEntries(names.map((s) => [s, String(row[s])])) as Versions;
  }
  // Callers share reads: a call that arrives while a read runs waits for the next one, which
  // every such call shares.
  let running: Promise<Versions> | undefined;
  let queued: Promise<Versions> | undefined;
  const start = () => {
    const reading = read().finally(() => {
      if (running === reading) running = undefined;
    });
    running = reading;
    return reading;
  };
  return {
    current() {
      if (running === undefined) return start();
      queued ??= running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = undefined;
          // A read started since the last one ended started after these calls arrived too.
          return running ?? start();
        });
      return queued;
    },
  };
}
