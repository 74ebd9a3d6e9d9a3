// Server configuration from environment variables. Everything is validated up front so a
// typo fails the start with a clear message instead of a confusing error later.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ACCESS_TOKEN_SECONDS } from './auth/access-token';
import { fromMillimes, toMillimes } from './domain/money';

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
}

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
    ...readMail(env, port),
    ...loadSecrets(dataDir, env),
  };
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
    mkdirSync(dataDir, { recursive: true });
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

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readMail(env: Env, port: number): Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'> {
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
  return {
    smtpUrl,
    mailFrom: read(env, 'MAIL_FROM') ?? 'Store <no-reply@example.com>',
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}

/** 10 s to 1 day: short lifetimes are for testing the silent refresh, long ones would defeat it. */
function readAccessTokenTtl(env: Env): number {
  const raw = read(env, 'ACCESS_TOKEN_TTL_S');
  if (raw === undefined) return ACCESS_TOKEN_SECONDS;
  const seconds = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 86_400) {
    throw new Error(`ACCESS_TOKEN_TTL_S must be an integer from 10 to 86400 seconds, got "${raw}"`);
  }
  return seconds;
}

function readPort(env: Env): number {
  const raw = read(env, 'PORT');
  if (raw === undefined) return 3000;
  const port = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function readSecret(env: Env, name: string): string | undefined {
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
    throw new Error(`${file} is not valid JSON; fix or delete it (deleting logs everyone out)`);
  }
  const obj = (parsed ?? {}) as Record<string, unknown>;
  const pick = (key: keyof Secrets) =>
    typeof obj[key] === 'string' && obj[key] !== '' ? (obj[key] as string) : undefined;
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
  const raw = read(env, 'VIES_TIMEOUT_MS') ?? '3000';
  const viesTimeoutMs = Number(raw);
  if (!Number.isInteger(viesTimeoutMs) || viesTimeoutMs < 100 || viesTimeoutMs > 60_000) {
    throw new Error(`VIES_TIMEOUT_MS must be an integer from 100 to 60000, got "${raw}"`);
  }
  return { viesUrl, viesTimeoutMs };
}
