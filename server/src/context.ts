import type { Kysely } from 'kysely';
import type { AccessTokens } from './auth/access-token';
import type { Config } from './config';
import type { DialectName } from './db/database';
import type { Database } from './db/schema';
import type { Mailer } from './mail/transport';

/** What every route module gets: the database, configuration and shared services. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  tokens: AccessTokens;
  /** Outgoing e-mail (SMTP, or the DATA_DIR/outbox/ folder). */
  mailer: Mailer;
  /** The current time; tests move it to expire tokens and links. */
  now(): Date;
}
