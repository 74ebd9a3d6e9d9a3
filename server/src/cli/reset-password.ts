// `npm run admin:reset-password -- USERNAME`: the way back from a lost admin password, on the shop
// the server would open (DATA_DIR, DATABASE_URL as `npm start` reads them). It generates a strong
// password, stores its argon2id hash and ends every session of the user through the same service
// as a reset by another admin (services/identity/admin-users.ts updateAdminUser, as COMMAND_LINE: audited
// with no admin and `written_from: "command line"`), and prints the password once on stdout:
// never to a log, never to a file. Exit codes: 0 done, 1 failed, 2 refused or misused (nothing
// was changed).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpProblem } from '../api/problem';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { toBool } from '../db/bool';
import {
  COMMAND_LINE,
  findAdminByUsername,
  updateAdminUser,
} from '../services/identity/admin-users';
import { terminalIo, type CliIo } from './io';

const USAGE = 'usage: npm run admin:reset-password -- USERNAME';

/** A refusal: said on stderr, exit code 2, nothing changed. */
class Refused extends Error {}

/**
 * 144 random bits, base64url (24 characters): far above zxcvbn's score 3, which the service
 * checks all the same.
 */
const generatePassword = () => randomBytes(18).toString('base64url');

/** Runs the command; resolves with the exit code. Output goes through `out` and `err`. */
export async function resetPasswordCli(args: string[], io: CliIo = {}): Promise<number> {
  const { env, out, err } = terminalIo(io);
  if (args.length !== 1 || args[0]!.startsWith('-') || args[0]!.trim() === '') {
    err(USAGE);
    return 2;
  }
  try {
    for (const line of await reset(args[0]!, env)) out(line);
    return 0;
  } catch (error) {
    if (error instanceof Refused) {
      err(`Password not reset: ${error.message}`);
      return 2;
    }
    const detail = error instanceof HttpProblem ? error.message : (error as Error).message;
    err(`Password reset failed: ${detail}`);
    return 1;
  }
}

async function reset(username: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  // Not the server's loadConfig as is: it would generate secrets.json (and DATA_DIR) when
  // missing. A reset signs no token, so placeholders stand in for the signing keys.
  const config = loadConfig({
    ...env,
    JWT_SECRET: 'reset-password-needs-no-signing-key-needs-none',
    URL_SIGNING_KEY: 'reset-password-needs-no-signing-key-needs-none',
  });
  // Opening would create an empty shop.db: there must be a shop.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'shop.db'))) {
    throw new Refused(`no shop in DATA_DIR ${config.dataDir} (no shop.db)`);
  }
  const database = openDatabase(config);
  try {
    const user = await findAdminByUsername(database.db, username).catch((error: unknown) => {
      const where = config.databaseUrl ? 'the DATABASE_URL database' : `DATA_DIR ${config.dataDir}`;
      throw new Refused(`no shop in ${where} (${(error as Error).message})`);
    });
    // Nothing else is listed: the command says nothing about which users exist.
    if (!user) throw new Refused(`no admin user "${username}"`);
    if (!toBool(user.is_active)) {
      // An inactive user cannot sign in whatever their password: an admin reactivates them
      // (Users → Edit → Active), then this command (or that admin) resets the password.
      throw new Refused(
        `"${user.username}" is inactive and could not sign in; an admin must reactivate the user first`,
      );
    }
    const password = generatePassword();
    await updateAdminUser(
      { db: database.db, dialect: database.dialect, now: () => new Date() },
      COMMAND_LINE,
      user.id,
      { password },
    );
    return [
      `Password of "${user.username}" reset; every session of the user has ended.`,
      `New password (shown only this once): ${password}`,
      ...(toBool(user.two_factor_enabled)
        ? [
            'Two-factor sign-in stays on: the user still needs their authenticator app, a recovery code or a passkey (a super admin can reset those on Users).',
          ]
        : []),
      'Sign in with it and choose a new password on My account.',
    ];
  } finally {
    await database.close();
  }
}

// Run as a command (not when a test imports resetPasswordCli).
if (process.argv[1] && /cli[/\\]reset-password\.[cm]?[jt]s$/.test(process.argv[1])) {
  process.exit(await resetPasswordCli(process.argv.slice(2)));
}
