// Server configuration from environment variables. Everything is validated up front so a
// typo fails the start with a clear message instead of a confusing error later.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import forge from 'node-forge';
import { fromMillimes, toMillimes } from './domain/money';

// The defaults live here, not in the modules that use them: config.ts is the floor every room
// stands on, so it imports no service, job or auth code (issue #27; eslint.walls.js).

/**
 * Access tokens live 15 minutes by default (ACCESS_TOKEN_TTL_S); the refresh token (opaque,
 * rotated) carries the session, whose id each access token names (an ended session's access
 * tokens are refused by the access check, services/identity/sessions.ts).
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Default JOB_MAX_ATTEMPTS: a job that failed this many times is dead. */
export const DEFAULT_JOB_MAX_ATTEMPTS = 5;
/** Default AUDIT_RETENTION_DAYS: two years of audit entries. */
const DEFAULT_AUDIT_RETENTION_DAYS = 730;
/** Default BACKUP_INTERVAL_H: a scheduled backup a day. */
const DEFAULT_BACKUP_INTERVAL_HOURS = 24;
/** Default BACKUP_KEEP: the scheduled backups of the last week. */
const DEFAULT_BACKUP_KEEP = 7;
/** Default UNUSED_MEDIA_GRACE_H: an unreferenced upload is kept for a day. */
const DEFAULT_UNUSED_MEDIA_GRACE_HOURS = 24;

export type Env = Record<string, string | undefined>;

export interface Secrets {
  jwtSecret: string;
  urlSigningKey: string;
}

export interface Config extends Secrets {
  port: number;
  host: string;
  /** Absolute path; holds shop.db, secrets.json and uploads. */
  dataDir: string;
  /** PostgreSQL when set, embedded SQLite otherwise. */
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Decimal string with 3 decimals, e.g. "7.000". */
  shippingFlatRate: string;
  shippingFlatRateMillimes: number;
  shopCountry: 'TN';
  /**
   * VIES_URL: the VIES REST endpoint used to confirm EU VAT numbers at checkout and in
   * validate-vat (e.g. https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number);
   * unset: format check only.
   */
  viesUrl: string | undefined;
  /** VIES_TIMEOUT_MS (default 3000, 100..60000): slower VIES answers count as unreachable. */
  viesTimeoutMs: number;
  /** smtp:// or smtps:// URL; unset: e-mails are written to DATA_DIR/outbox/ instead. */
  smtpUrl: string | undefined;
  /** From header of the e-mails sent, e.g. "Store <no-reply@example.com>". */
  mailFrom: string;
  /** Public base URL of the shop (no trailing slash), used in the links of e-mails. */
  publicUrl: string;
  /** Lifetime of access tokens in seconds (ACCESS_TOKEN_TTL_S, default 900). */
  accessTokenTtlSeconds: number;
  /**
   * Hours an uploaded file that no product or variant references is kept before the sweeper
   * deletes it (UNUSED_MEDIA_GRACE_H, default 24).
   */
  unusedMediaGraceHours: number;
  /**
   * The sign-in link of magic-link e-mails (MAGIC_LINK_URL), with {token} and {email} replaced
   * by the URL-encoded values; default `<PUBLIC_URL>/auth/magic?token={token}&email={email}`.
   */
  magicLinkUrl: string;
  /**
   * TRUST_PROXY, given to Fastify's trustProxy: false (default: the socket's address is the
   * client), true (trust every proxy), a number of hops, or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /**
   * REQUEST_TIMEOUT_S in ms (default 30 s): a request whose headers and body have not fully
   * arrived by then is answered 408 and its connection closed.
   */
  requestTimeoutMs: number;
  /**
   * LIST_CACHE_MB (default 32, 0 to 4096): memory for the serialised answers of the list GETs
   * (http/list-cache.ts); 0 turns the cache off.
   */
  listCacheMb: number;
  /** Days the audit log keeps an entry (AUDIT_RETENTION_DAYS, default 730, 1 to 36500). */
  auditRetentionDays: number;
  /**
   * DISK_MIN_FREE_MB (default 200, 0 to 1048576): /readyz answers not ready when less is free on
   * the disk under DATA_DIR (0: never for that reason). Issue #25.
   */
  diskMinFreeMb: number;
  // Operations (#16): metrics and graceful shutdown.
  /** METRICS_PORT: a second listener (on HOST) serving /metrics to anyone who reaches it; unset: none. */
  metricsPort: number | undefined;
  /** METRICS_TOKEN: /metrics on the main port for `Authorization: Bearer <token>`; unset: 404. */
  metricsToken: string | undefined;
  /** SHUTDOWN_TIMEOUT_S in ms (default 25 s): how long in-flight requests get after SIGTERM. */
  shutdownTimeoutMs: number;
  /**
   * SHOP_TEST_CLOCK=true (#32): the server's time is the one PUT /api/v1/test/clock sets (the shop
   * simulator's); refused with NODE_ENV=production. Not part of the public contract.
   */
  testClock: boolean;

  // Media in an S3-compatible object store (#16): used when S3_BUCKET is set, else DATA_DIR/uploads.
  /** S3_BUCKET: the bucket of uploaded media; unset keeps them on the local disk. */
  s3Bucket: string | undefined;
  /** S3_ENDPOINT: http(s) URL of an S3-compatible server (MinIO, R2…); unset: AWS S3 itself. */
  s3Endpoint: string | undefined;
  /** S3_REGION (default us-east-1). */
  s3Region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required with S3_BUCKET. */
  s3AccessKeyId: string | undefined;
  s3SecretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE (default false): <endpoint>/<bucket>/<key> instead of <bucket>.<host>. */
  s3ForcePathStyle: boolean;
  /** S3_PRESIGN_SECONDS (default 300, 10 to 604800): lifetime of the URLs media GETs redirect to. */
  s3PresignSeconds: number;

  // Background jobs (#16, server/src/jobs/): the queue every instance shares.
  /** JOB_POLL_MS (default 1000, 10 to 60000): how long a worker waits when no job is due. */
  jobPollMs: number;
  /** JOB_MAX_ATTEMPTS (default 5, 1 to 100): a job that failed this many times is dead. */
  jobMaxAttempts: number;

  // Backups (#25, services/platform/backups.ts).
  /** BACKUP_INTERVAL_H (default 24, 0 to 8760): hours between scheduled backups; 0: none. */
  backupIntervalHours: number;
  /** BACKUP_KEEP (default 7, 1 to 1000): how many scheduled backups are kept (the newest). */
  backupKeep: number;

  /** LOG_LEVEL (default info): the least severe level the server's JSON log lines show (log.ts). */
  logLevel: LogLevel;

  // E-invoices (#30 part 5, server/src/teif/, docs/product.md §10.29).
  /**
   * TTN_URL: where the signed TEIF e-invoices are POSTed (TTN, or a gateway speaking the protocol
   * of teif/ttn-client.ts); unset: e-invoicing is off (documents stay not_sent).
   */
  ttnUrl: string | undefined;
  /**
   * TEIF_CERT_P12 (a PKCS#12 file) opened with TEIF_CERT_PASSWORD at start: the key and
   * certificate that sign the e-invoices (XAdES-BES); unset: the TEIF is unsigned.
   */
  teifCertificate: TeifCertificate | undefined;

  /**
   * WEBHOOKS_ALLOW_PRIVATE (default false; #31, services/webhooks/): webhook endpoints may be on
   * private, loopback, link-local or unique-local addresses (a receiver on the same network, tests).
   */
  webhooksAllowPrivate: boolean;
}

/** The signing key and certificate of the e-invoices, read from TEIF_CERT_P12 at start. */
export interface TeifCertificate {
  /** The RSA private key, PKCS#8 DER (what WebCrypto imports). */
  privateKeyPkcs8: Buffer;
  /** The certificate, DER in base64 (as ds:X509Certificate holds it). */
  certificateBase64: string;
}

/**
 * Every environment variable the server reads, and the only names `read()` accepts: README's
 * settings table is checked against this list (server/src/readme.test.ts), so the two cannot drift.
 */
export const SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'ADMIN_USERNAME',
  'ADMIN_PASSWORD',
  'JWT_SECRET',
  'URL_SIGNING_KEY',
  'SHIPPING_FLAT_RATE',
  'VIES_URL',
  'VIES_TIMEOUT_MS',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'ACCESS_TOKEN_TTL_S',
  'UNUSED_MEDIA_GRACE_H',
  'LIST_CACHE_MB',
  'AUDIT_RETENTION_DAYS',
  'MAGIC_LINK_URL',
  'TRUST_PROXY',
  'REQUEST_TIMEOUT_S',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PRESIGN_SECONDS',
  'JOB_POLL_MS',
  'JOB_MAX_ATTEMPTS',
  'METRICS_PORT',
  'METRICS_TOKEN',
  'SHUTDOWN_TIMEOUT_S',
  'DISK_MIN_FREE_MB',
  'BACKUP_INTERVAL_H',
  'BACKUP_KEEP',
  'LOG_LEVEL',
  'TTN_URL',
  'TEIF_CERT_P12',
  'TEIF_CERT_PASSWORD',
  'SHOP_TEST_CLOCK',
  'WEBHOOKS_ALLOW_PRIVATE',
] as const;
type Setting = (typeof SETTINGS)[number];

const MIN_SECRET_LENGTH = 32;
const MIN_PASSWORD_LENGTH = 8;

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data');
  const shipping = read(env, 'SHIPPING_FLAT_RATE') ?? '0.000';
  let shippingFlatRateMillimes: number;
  try {
    shippingFlatRateMillimes = toMillimes(shipping);
  } catch {
    shippingFlatRateMillimes = -1;
  }
  if (shippingFlatRateMillimes < 0) {
    throw new Error(
      `SHIPPING_FLAT_RATE must be a non-negative amount with at most 3 decimals, got "${shipping}"`,
    );
  }
  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const adminPassword = read(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const port = readPort(env);
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    adminUsername: read(env, 'ADMIN_USERNAME') ?? 'admin',
    adminPassword,
    shippingFlatRate: fromMillimes(shippingFlatRateMillimes),
    shippingFlatRateMillimes,
    shopCountry: 'TN',
    ...readVies(env),
    accessTokenTtlSeconds: readAccessTokenTtl(env),
    unusedMediaGraceHours: readUnusedMediaGrace(env),
    trustProxy: readTrustProxy(env),
    requestTimeoutMs: readRequestTimeout(env),
    listCacheMb: readInteger(env, 'LIST_CACHE_MB', { min: 0, max: 4096, fallback: 32, unit: 'MB' }),
    auditRetentionDays: readInteger(env, 'AUDIT_RETENTION_DAYS', {
      min: 1,
      max: 36_500,
      fallback: DEFAULT_AUDIT_RETENTION_DAYS,
      unit: 'days',
    }),
    diskMinFreeMb: readInteger(env, 'DISK_MIN_FREE_MB', {
      min: 0,
      max: 1_048_576,
      fallback: 200,
      unit: 'MB',
    }),
    ...readJobs(env),
    ...readBackups(env),
    ...readMail(env, port),
    ...readOperations(env, port),
    ...readS3(env),
    logLevel: readLogLevel(env),
    ...readTeif(env),
    testClock: readTestClock(env),
    webhooksAllowPrivate: readFlag(env, 'WEBHOOKS_ALLOW_PRIVATE'),
    ...loadSecrets(dataDir, env),
  };
}

/** A true/false setting (any case), false when unset; anything else refuses to start. */
function readFlag(env: Env, name: Setting): boolean {
  const value = read(env, name)?.toLowerCase() ?? 'false';
  if (value !== 'true' && value !== 'false') {
    throw new Error(`${name} must be true or false, got "${value}"`);
  }
  return value === 'true';
}

// The simulator's clock (#32): a server whose time anyone may set has no place in production.
// NODE_ENV is read only when the setting is on, so it stays outside SETTINGS (it is not ours).
function readTestClock(env: Env): boolean {
  const on = readFlag(env, 'SHOP_TEST_CLOCK');
  if (on && env.NODE_ENV?.trim() === 'production') {
    throw new Error('SHOP_TEST_CLOCK=true is refused with NODE_ENV=production (a test-only clock)');
  }
  return on;
}

/**
 * JWT_SECRET / URL_SIGNING_KEY from the environment, or else generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so tokens and signed URLs survive restarts.
 */
export function loadSecrets(dataDir: string, env: Env = process.env): Secrets {
  const fromEnv = {
    jwtSecret: readSecret(env, 'JWT_SECRET'),
    urlSigningKey: readSecret(env, 'URL_SIGNING_KEY'),
  };
  if (fromEnv.jwtSecret && fromEnv.urlSigningKey) {
    return { jwtSecret: fromEnv.jwtSecret, urlSigningKey: fromEnv.urlSigningKey };
  }
  const file = join(dataDir, 'secrets.json');
  const stored = readSecretsFile(file);
  const merged = {
    jwtSecret: stored.jwtSecret ?? newSecret(),
    urlSigningKey: stored.urlSigningKey ?? newSecret(),
  };
  if (merged.jwtSecret !== stored.jwtSecret || merged.urlSigningKey !== stored.urlSigningKey) {
    ensurePrivateDir(dataDir);
    // Write-then-rename so a crash never leaves a half-written file that would rotate keys.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(merged, null, 2) + '\n', { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  }
  return {
    jwtSecret: fromEnv.jwtSecret ?? merged.jwtSecret,
    urlSigningKey: fromEnv.urlSigningKey ?? merged.urlSigningKey,
  };
}

/**
 * Creates a folder of shop data (DATA_DIR, uploads) readable by the server's user only (0700),
 * and tightens it when it already exists.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

function read(env: Env, name: Setting): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readMail(
  env: Env,
  port: number,
): Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'magicLinkUrl'> {
  const smtpUrl = read(env, 'SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  const publicUrl = read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  let parsed: URL | undefined;
  try {
    parsed = new URL(publicUrl);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(`PUBLIC_URL must be an http:// or https:// URL, got "${publicUrl}"`);
  }
  const base = publicUrl.replace(/\/+$/, '');
  return {
    smtpUrl,
    mailFrom: read(env, 'MAIL_FROM') ?? 'Store <no-reply@example.com>',
    publicUrl: base,
    magicLinkUrl: readMagicLinkUrl(env, base),
  };
}

const DEFAULT_MAGIC_LINK_PATH = '/auth/magic?token={token}&email={email}';

/** MAGIC_LINK_URL: an http(s) URL template with {token} (required) and {email} (optional). */
function readMagicLinkUrl(env: Env, publicUrl: string): string {
  const template = read(env, 'MAGIC_LINK_URL') ?? `${publicUrl}${DEFAULT_MAGIC_LINK_PATH}`;
  const fail = (why: string) =>
    new Error(
      `MAGIC_LINK_URL must be an http:// or https:// URL containing {token} (and optionally ` +
        `{email}), e.g. https://shop.example/account/sign-in?token={token}&email={email}; ${why}`,
    );
  if (!template.includes('{token}')) throw fail(`"${template}" has no {token}`);
  const unknown = /\{(?!token\}|email\})[^}]*\}/.exec(template);
  if (unknown) throw fail(`unknown placeholder ${unknown[0]}`);
  let parsed: URL | undefined;
  try {
    parsed = new URL(template.replaceAll('{token}', 'TOKEN').replaceAll('{email}', 'EMAIL'));
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw fail(`got "${template}"`);
  }
  return template;
}

/** false (unset), true, a number of hops (1 to 10), or a comma-separated list of IPs/CIDRs. */
function readTrustProxy(env: Env): Config['trustProxy'] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = raw.split(',').map((entry) => entry.trim());
    const valid = entries.every((entry) => {
      const [address = '', prefix, extra] = entry.split('/');
      const family = isIP(address);
      if (family === 0 || extra !== undefined) return false;
      if (prefix === undefined) return true;
      const bits = /^\d+$/.test(prefix) ? Number(prefix) : -1;
      return bits >= 0 && bits <= (family === 4 ? 32 : 128);
    });
    if (valid) return entries;
  }
  throw new Error(
    `TRUST_PROXY must be true, false, a number of proxy hops (1 to 10) or a comma-separated ` +
      `list of proxy addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8), got "${raw}"`,
  );
}

/** 1 s to 10 minutes (uploads of large videos over slow links may need more than the default). */
/**
 * An integer setting written as plain decimal digits, within [min, max]; `fallback` when unset.
 * The error names the variable, the range and the unit, e.g. "PORT must be an integer from 0 to
 * 65535, got "abc"".
 */
function readInteger(
  env: Env,
  name: Setting,
  { min, max, fallback, unit }: { min: number; max: number; fallback: number; unit?: string },
): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(
      `${name} must be an integer from ${min} to ${max}${unit ? ` ${unit}` : ''}, got "${raw}"`,
    );
  }
  return value;
}

const readRequestTimeout = (env: Env): number =>
  1000 * readInteger(env, 'REQUEST_TIMEOUT_S', { min: 1, max: 600, fallback: 30, unit: 'seconds' });

/** 10 s to 1 day: short lifetimes are for testing the silent refresh, long ones would defeat it. */
const readAccessTokenTtl = (env: Env): number =>
  readInteger(env, 'ACCESS_TOKEN_TTL_S', {
    min: 10,
    max: 86_400,
    fallback: ACCESS_TOKEN_SECONDS,
    unit: 'seconds',
  });

const readUnusedMediaGrace = (env: Env): number =>
  readInteger(env, 'UNUSED_MEDIA_GRACE_H', {
    min: 1,
    max: 8_760,
    fallback: DEFAULT_UNUSED_MEDIA_GRACE_HOURS,
    unit: 'hours',
  });

// Background jobs (#16).
const readJobs = (env: Env): Pick<Config, 'jobPollMs' | 'jobMaxAttempts'> => ({
  jobPollMs: readInteger(env, 'JOB_POLL_MS', { min: 10, max: 60_000, fallback: 1000, unit: 'ms' }),
  jobMaxAttempts: readInteger(env, 'JOB_MAX_ATTEMPTS', {
    min: 1,
    max: 100,
    fallback: DEFAULT_JOB_MAX_ATTEMPTS,
  }),
});

// Backups (#25): at most one a year apart; BACKUP_KEEP bounds the disk they take.
const readBackups = (env: Env): Pick<Config, 'backupIntervalHours' | 'backupKeep'> => ({
  backupIntervalHours: readInteger(env, 'BACKUP_INTERVAL_H', {
    min: 0,
    max: 8_760,
    fallback: DEFAULT_BACKUP_INTERVAL_HOURS,
    unit: 'hours',
  }),
  backupKeep: readInteger(env, 'BACKUP_KEEP', { min: 1, max: 1000, fallback: DEFAULT_BACKUP_KEEP }),
});

const readPort = (env: Env): number =>
  readInteger(env, 'PORT', { min: 0, max: 65_535, fallback: 3000 });

// Operations (#16): metrics and graceful shutdown.
function readOperations(
  env: Env,
  port: number,
): Pick<Config, 'metricsPort' | 'metricsToken' | 'shutdownTimeoutMs'> {
  const metricsPort =
    read(env, 'METRICS_PORT') === undefined
      ? undefined
      : readInteger(env, 'METRICS_PORT', { min: 0, max: 65_535, fallback: 0 });
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new Error(`METRICS_PORT must differ from PORT (${port})`);
  }
  const metricsToken = read(env, 'METRICS_TOKEN');
  // A scraper's token is a shared secret like the others: as long, so it cannot be guessed.
  if (metricsToken !== undefined && metricsToken.length < MIN_SECRET_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_SECRET_LENGTH} characters (or unset)`);
  }
  // Below the 30 s a container orchestrator waits by default before it kills the process.
  const shutdownTimeoutMs =
    1000 *
    readInteger(env, 'SHUTDOWN_TIMEOUT_S', { min: 1, max: 3600, fallback: 25, unit: 'seconds' });
  return { metricsPort, metricsToken, shutdownTimeoutMs };
}

/** pino's levels; a misspelt one would otherwise stop the start with pino's own error. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function readLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL') ?? 'info';
  const level = LOG_LEVELS.find((name) => name === raw.toLowerCase());
  if (level === undefined) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return level;
}

function readSecret(env: Env, name: Setting): string | undefined {
  const value = read(env, name);
  if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${name} must be at least ${MIN_SECRET_LENGTH} characters (or unset to generate one)`,
    );
  }
  return value;
}

function readSecretsFile(file: string): Partial<Secrets> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Deleting it is not a sign-out: new keys are made (README "Troubleshooting" says what they end).
    throw new Error(
      `${file} is not valid JSON; fix it, or delete it to generate new keys (authenticator apps ` +
        `and signed media URLs stop working; see README "Troubleshooting")`,
    );
  }
  const obj = (parsed ?? {}) as Record<string, unknown>;
  const pick = (key: keyof Secrets) =>
    typeof obj[key] === 'string' && obj[key] !== '' ? obj[key] : undefined;
  return { jwtSecret: pick('jwtSecret'), urlSigningKey: pick('urlSigningKey') };
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function readVies(env: Env): Pick<Config, 'viesUrl' | 'viesTimeoutMs'> {
  const viesUrl = read(env, 'VIES_URL');
  if (viesUrl !== undefined && !/^https?:\/\//.test(viesUrl)) {
    throw new Error('VIES_URL must be an http:// or https:// URL');
  }
  const viesTimeoutMs = readInteger(env, 'VIES_TIMEOUT_MS', {
    min: 100,
    max: 60_000,
    fallback: 3000,
  });
  return { viesUrl, viesTimeoutMs };
}

/** Where media are stored when S3_BUCKET is set (the S3_* settings but the presign lifetime). */
export type S3Settings = Pick<
  Config,
  | 's3Bucket'
  | 's3Endpoint'
  | 's3Region'
  | 's3AccessKeyId'
  | 's3SecretAccessKey'
  | 's3ForcePathStyle'
>;

/** The S3_* settings (media in an object store, #16); all are refused without S3_BUCKET. */
function readS3(env: Env): S3Settings & Pick<Config, 's3PresignSeconds'> {
  const bucket = read(env, 'S3_BUCKET');
  // Any S3_ name, a misspelt one too: it would otherwise be ignored without a word.
  const names = Object.keys(env).filter((name) => name.startsWith('S3_') && env[name]?.trim());
  if (bucket === undefined) {
    if (names.length > 0) {
      throw new Error(
        `${names.join(', ')} set without S3_BUCKET (unset them to keep media on disk)`,
      );
    }
  } else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      `S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`,
    );
  }
  const endpoint = read(env, 'S3_ENDPOINT');
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (
      !parsed ||
      (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
      parsed.username ||
      parsed.password ||
      parsed.search ||
      parsed.hash
    ) {
      throw new Error(
        `S3_ENDPOINT must be an http:// or https:// URL without credentials or query, e.g. ` +
          `https://s3.example.com or http://127.0.0.1:9000, got "${endpoint}"`,
      );
    }
  }
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY');
  if (bucket !== undefined && (accessKeyId === undefined || secretAccessKey === undefined)) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  }
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) {
    throw new Error(`S3_REGION must be a region name such as eu-west-3, got "${region}"`);
  }
  const pathStyle = readFlag(env, 'S3_FORCE_PATH_STYLE');
  return {
    s3Bucket: bucket,
    s3Endpoint: endpoint,
    s3Region: region,
    s3AccessKeyId: accessKeyId,
    s3SecretAccessKey: secretAccessKey,
    s3ForcePathStyle: pathStyle,
    // SigV4 presigned URLs live at most 7 days.
    s3PresignSeconds: readInteger(env, 'S3_PRESIGN_SECONDS', {
      min: 10,
      max: 604_800,
      fallback: 300,
      unit: 'seconds',
    }),
  };
}

// E-invoices (#30 part 5): TTN's address and the signing certificate, checked at start so a
// wrong path or password stops the server with a clear message, not the first submission.
function readTeif(env: Env): Pick<Config, 'ttnUrl' | 'teifCertificate'> {
  const ttnUrl = read(env, 'TTN_URL');
  if (ttnUrl !== undefined && !/^https?:\/\/[^/]/.test(ttnUrl)) {
    throw new Error(`TTN_URL must be an http:// or https:// URL, got "${ttnUrl}"`);
  }
  const path = read(env, 'TEIF_CERT_P12');
  const password = env.TEIF_CERT_PASSWORD ?? '';
  if (path === undefined) {
    if (read(env, 'TEIF_CERT_PASSWORD') !== undefined) {
      throw new Error('TEIF_CERT_PASSWORD set without TEIF_CERT_P12 (the PKCS#12 file to open)');
    }
    return { ttnUrl, teifCertificate: undefined };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new Error(
      `TEIF_CERT_P12 must be a readable PKCS#12 (.p12) file: ${(err as Error).message}`,
    );
  }
  return { ttnUrl, teifCertificate: readTeifCertificate(bytes, password) };
}

/**
 * The RSA key and its certificate in a PKCS#12 file opened with `password`; an error naming
 * TEIF_CERT_P12 / TEIF_CERT_PASSWORD when the file is not one, the password is wrong, or it
 * lacks the key or the certificate.
 */
export function readTeifCertificate(bytes: Buffer, password: string): TeifCertificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const why = (err as Error).message;
    throw new Error(
      /password|MAC/i.test(why)
        ? 'TEIF_CERT_PASSWORD does not open TEIF_CERT_P12 (wrong password)'
        : `TEIF_CERT_P12 is not a PKCS#12 (.p12) file: ${why}`,
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const key = [
    ...bags(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''),
    ...bags(forge.pki.oids.keyBag ?? ''),
  ].find((bag) => bag.key)?.key;
  const certificate = bags(forge.pki.oids.certBag ?? '').find((bag) => bag.cert)?.cert;
  if (!key || !certificate) {
    throw new Error('TEIF_CERT_P12 must hold an RSA private key and its certificate');
  }
  const pkcs8 = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key));
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return {
    privateKeyPkcs8: Buffer.from(forge.asn1.toDer(pkcs8).getBytes(), 'binary'),
    certificateBase64: forge.util.encode64(der),
  };
}
