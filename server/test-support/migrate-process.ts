// Another process migrating a SQLite file (SQLite's driver waits for a lock synchronously, so
// two instances on one file are two processes): prints the migrations it applied, as JSON.
import { openSqlite } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

const file = process.argv[2];
if (!file) throw new Error('usage: migrate-process.ts <sqlite file>');
const handle = openSqlite(file);
try {
  process.stdout.write(JSON.stringify(await migrateToLatest(handle.db, 'sqlite')));
} finally {
  await handle.close();
}
