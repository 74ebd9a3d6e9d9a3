// pg_dump and pg_restore for backups of a shop on PostgreSQL: Debian's postgresql-client, which
// scripts/ensure-pg-client.sh installs when missing (as root) and locates. pg_dump refuses a
// server of a newer major version than its own, so that is checked first, with a message that
// says what to install.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { projectFile } from './project';

const run = promisify(execFile);

let binDir: Promise<string> | undefined;

/** The folder of pg_dump and pg_restore (installed on the first call when missing). */
function clientBin(): Promise<string> {
  binDir ??= run('bash', [projectFile('scripts/ensure-pg-client.sh')])
    .then(({ stdout }) => stdout.trim())
    .catch((err: { stderr?: string; message: string }) => {
      binDir = undefined;
      throw new Error((err.stderr ?? '').trim() || err.message);
    });
  return binDir;
}

const majorOf = (version: string): number => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);

/**
 * The path of pg_dump or pg_restore, once it is known to handle the server `db` is connected
 * to (its major version is at least the server's).
 */
export async function pgTool(tool: 'pg_dump' | 'pg_restore', db: Db): Promise<string> {
  const path = join(await clientBin(), tool);
  const { stdout } = await run(path, ['--version']);
  const { rows } = await sql<{ v: string }>`show server_version`.execute(db);
  const server = majorOf(rows[0]?.v ?? '');
  const client = majorOf(stdout.replace(/^[^)]*\)/, ''));
  if (client < server) {
    throw new Error(
      `${tool} ${client} cannot handle PostgreSQL ${server}: install postgresql-client-${server} ` +
        `(apt-get install -y postgresql-client-${server})`,
    );
  }
  return path;
}

/**
 * How to hand DATABASE_URL to a pg tool without its password on the command line (where `ps`
 * shows it): the URL without it, and PGPASSWORD in the tool's environment.
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}
