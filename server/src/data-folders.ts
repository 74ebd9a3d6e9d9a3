// The folders of shop data on the local disk are the server's user's only (0700), whatever the
// configuration: main.ts creates or tightens them at every start, with SQLite or PostgreSQL, with
// the secrets generated or from the environment (before #33, DATA_DIR was only tightened when
// shop.db or secrets.json was written to it, and outbox/ never).
import type { Config } from './config';
import { ensurePrivateDir } from './config';
import { outboxDir } from './mail/transport';
import { LocalDiskStorage } from './storage/local-disk';
import type { Storage } from './storage/storage';

/**
 * DATA_DIR, the uploads folder (media on the local disk, i.e. no S3_BUCKET) and outbox/ (e-mails
 * written to files, i.e. no SMTP_URL), each created 0700 or tightened to it; resolves with them.
 * Their files are created 0600 by their writers (database.ts, local-disk.ts, mail/transport.ts).
 */
export function preparePrivateFolders(
  config: Pick<Config, 'dataDir' | 'smtpUrl'>,
  media: Storage,
): string[] {
  const folders = [config.dataDir];
  if (media instanceof LocalDiskStorage) folders.push(media.root);
  if (!config.smtpUrl) folders.push(outboxDir(config));
  for (const folder of folders) ensurePrivateDir(folder);
  return folders;
}
