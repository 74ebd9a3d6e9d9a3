// `npm run backup` and `npm run restore -- FILE [--force]`, on the shop of DATA_DIR (and
// DATABASE_URL, S3_* as the server reads them). `backup` may run while the server runs; it prints
// the archive's path (one line on stdout). `restore` prints what it restored. Exit codes: 0 done,
// 1 failed, 2 refused or misused (nothing was written).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HttpProblem } from '../api/problem';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { takeBackup } from '../services/platform/backups';
import { restoreBackup, RestoreRefusedError, type RestoreResult } from './restore';
import { backupStore } from './store';
import { terminalIo, type CliIo } from '../cli/io';

const USAGE = 'usage: npm run backup\n       npm run restore -- FILE [--force]';

/** Runs the command; resolves with the exit code. Output goes through `out` and `err`. */
export async function runCli(args: string[], io: CliIo = {}): Promise<number> {
  const { env, out, err } = terminalIo(io);
  const [command, ...rest] = args;
  try {
    if (command === 'backup' && rest.length === 0) {
      out(await backup(loadConfig(env)));
      return 0;
    }
    if (command === 'restore') {
      const force = rest.includes('--force');
      const files = rest.filter((a) => a !== '--force');
      if (files.length !== 1 || files[0]!.startsWith('-')) {
        err(USAGE);
        return 2;
      }
      // Not the server's loadConfig as is: it would generate secrets.json into the DATA_DIR
      // to restore into (which must be empty). Placeholders stand in for the signing keys, which
      // a restore does not use.
      const config = loadConfig({
        ...env,
        JWT_SECRET: 'restore-needs-no-signing-key-restore-needs-none',
        URL_SIGNING_KEY: 'restore-needs-no-signing-key-restore-needs-none',
      });
      const result = await restoreBackup(resolve(files[0]!), config, { force });
      for (const line of describe(result, config)) out(line);
      return 0;
    }
    err(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      err(`Restore refused: ${error.message}`);
      return 2;
    }
    if (error instanceof HttpProblem) {
      err(`Backup failed: ${error.message}`);
      return error.statusCode === 409 ? 2 : 1;
    }
    err(`${command === 'restore' ? 'Restore' : 'Backup'} failed: ${(error as Error).message}`);
    return 1;
  }
}

async function backup(config: Config): Promise<string> {
  // Opening would create an empty shop.db: there must be a shop to back up.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'shop.db'))) {
    throw new Error(`No shop in DATA_DIR ${config.dataDir} (no shop.db)`);
  }
  const database = openDatabase(config);
  try {
    const taken = await takeBackup(
      { db: database.db, dialect: database.dialect, config, now: () => new Date() },
      'command',
    );
    return backupStore(config).locate(taken.name);
  } finally {
    await database.close();
  }
}

function describe(
  { manifest, facts, uploads, missingKeys, secrets }: RestoreResult,
  config: Config,
) {
  const counts = Object.entries(facts.row_counts)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  const into = config.databaseUrl ? 'the database of DATABASE_URL' : `${config.dataDir}`;
  return [
    `Restored ${manifest.name} into ${into}`,
    `  taken ${manifest.created_at} by version ${manifest.product_version} (${manifest.trigger}), database ${manifest.database}, migration ${facts.migration_level}`,
    `  rows: ${counts || 'none'}`,
    `  last invoice: ${facts.last_invoice_number ?? 'none'}; last credit note: ${facts.last_credit_note_number ?? 'none'}`,
    manifest.uploads.storage === 's3'
      ? `  uploads: ${uploads} keys listed in the S3 bucket${config.s3Bucket ? `, ${missingKeys.length} missing from it${missingKeys.length ? `: ${missingKeys.slice(0, 10).join(', ')}` : ''}` : ' (S3_BUCKET unset: not checked)'}`
      : `  uploads: ${uploads} file(s)`,
    `  secrets.json: ${secrets ? 'restored' : 'not in the backup'}`,
  ];
}

// Run as a command (not when a test imports runCli).
if (process.argv[1] && /backup[/\\]cli\.[cm]?[jt]s$/.test(process.argv[1])) {
  const code = await runCli(process.argv.slice(2));
  // The S3 client's sockets would keep the process alive a while.
  process.exit(code);
}
