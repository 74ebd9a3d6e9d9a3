import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, loadSecrets } from './config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'config-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      adminUsername: 'admin',
      adminPassword: undefined,
      shippingFlatRate: '0.000',
      shippingFlatRateMillimes: 0,
      shopCountry: 'TN',
      viesUrl: undefined,
      viesTimeoutMs: 3000,
      smtpUrl: undefined,
      mailFrom: 'Store <no-reply@example.com>',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.jwtSecret).toHaveLength(43);
    expect(c.urlSigningKey).not.toBe(c.jwtSecret);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@localhost/shop',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'correct horse',
      SHIPPING_FLAT_RATE: '7.5',
      VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
      VIES_TIMEOUT_MS: '1500',
      JWT_SECRET: 'j'.repeat(32),
      URL_SIGNING_KEY: 'u'.repeat(32),
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@localhost/shop',
      adminUsername: 'root',
      adminPassword: 'correct horse',
      shippingFlatRate: '7.500',
      shippingFlatRateMillimes: 7500,
      viesUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
      viesTimeoutMs: 1500,
      jwtSecret: 'j'.repeat(32),
      urlSigningKey: 'u'.repeat(32),
    });
  });

  it('reads the mail settings; PUBLIC_URL defaults to the port and loses a trailing slash', () => {
    expect(
      loadConfig({
        DATA_DIR: dir,
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'Shop <shop@example.tn>',
        PUBLIC_URL: 'https://shop.example.tn/',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'Shop <shop@example.tn>',
      publicUrl: 'https://shop.example.tn',
    });
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    {
      title: 'reads ACCESS_TOKEN_TTL_S (default 900) and refuses values outside 10 s to 1 day',
      name: 'ACCESS_TOKEN_TTL_S',
      key: 'accessTokenTtlSeconds',
      byDefault: 900,
      good: 20,
      bad: ['5', '86401', '1e3', '-30', 'Infinity', '12.5'],
      range: 'from 10 to 86400 seconds',
    },
    {
      title: 'reads UNUSED_MEDIA_GRACE_H (default 24) and refuses values outside 1 h to 1 year',
      name: 'UNUSED_MEDIA_GRACE_H',
      key: 'unusedMediaGraceHours',
      byDefault: 24,
      good: 2,
      bad: ['0', '8761', '1.5', '-3', '1e2', 'day'],
      range: 'from 1 to 8760 hours',
    },
    {
      title: 'reads AUDIT_RETENTION_DAYS (default 730) and refuses values outside 1 to 36500 days',
      name: 'AUDIT_RETENTION_DAYS',
      key: 'auditRetentionDays',
      byDefault: 730,
      good: 90,
      bad: ['0', '36501', '1.5', '-3', '1e2', 'year'],
      range: 'from 1 to 36500 days',
    },
  ] as const)('$title', ({ name, key, byDefault, good, bad, range }) => {
    expect(loadConfig({ DATA_DIR: dir })[key]).toBe(byDefault);
    expect(loadConfig({ DATA_DIR: dir, [name]: String(good) })[key]).toBe(good);
    for (const value of bad) {
      expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(
        `${name} must be an integer ${range}, got "${value}"`,
      );
    }
  });

  it('reads MAGIC_LINK_URL, by default the console route under PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://shop.example.tn/' }).magicLinkUrl).toBe(
      'https://shop.example.tn/auth/magic?token={token}&email={email}',
    );
    const template = 'https://shop.example/account/sign-in?token={token}&email={email}';
    expect(loadConfig({ DATA_DIR: dir, MAGIC_LINK_URL: template }).magicLinkUrl).toBe(template);
    expect(
      loadConfig({ DATA_DIR: dir, MAGIC_LINK_URL: 'https://shop.example/m/{token}' }).magicLinkUrl,
    ).toBe('https://shop.example/m/{token}');
    for (const [bad, why] of [
      ['https://shop.example/sign-in?email={email}', 'has no {token}'],
      ['https://shop.example/sign-in?t={token}&u={user}', 'unknown placeholder {user}'],
      ['shop.example/sign-in?t={token}', 'got "shop.example/sign-in?t={token}"'],
      ['javascript:alert({token})', 'got "javascript:alert({token})"'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dir, MAGIC_LINK_URL: bad })).toThrow(
        /^MAGIC_LINK_URL must be an http:\/\/ or https:\/\/ URL containing \{token\}/,
      );
      expect(() => loadConfig({ DATA_DIR: dir, MAGIC_LINK_URL: bad })).toThrow(why);
    }
  });

  it('reads TRUST_PROXY: off by default, true, a hop count or proxy addresses', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['yes', '0', '11', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.local', '1.2.3']) {
      expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: bad })).toThrow(
        `TRUST_PROXY must be true, false, a number of proxy hops (1 to 10) or a comma-separated list of proxy addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8), got "${bad}"`,
      );
    }
  });

  it('reads REQUEST_TIMEOUT_S (default 30 s, 1 to 600)', () => {
    expect(loadConfig({ DATA_DIR: dir }).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_S: '5' }).requestTimeoutMs).toBe(5000);
    for (const bad of ['0', '601', '2.5', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_S: bad })).toThrow(
        `REQUEST_TIMEOUT_S must be an integer from 1 to 600 seconds, got "${bad}"`,
      );
    }
  });

  it('reads LIST_CACHE_MB (default 32 MB, 0 turns the cache off, up to 4096)', () => {
    expect(loadConfig({ DATA_DIR: dir }).listCacheMb).toBe(32);
    expect(loadConfig({ DATA_DIR: dir, LIST_CACHE_MB: '0' }).listCacheMb).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, LIST_CACHE_MB: '256' }).listCacheMb).toBe(256);
    for (const bad of ['-1', '4097', '1.5', 'lots']) {
      expect(() => loadConfig({ DATA_DIR: dir, LIST_CACHE_MB: bad })).toThrow(
        `LIST_CACHE_MB must be an integer from 0 to 4096 MB, got "${bad}"`,
      );
    }
  });

  it('reads METRICS_PORT, METRICS_TOKEN and SHUTDOWN_TIMEOUT_S (operations, #16)', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      metricsPort: undefined,
      metricsToken: undefined,
      shutdownTimeoutMs: 25_000,
    });
    const token = 'm'.repeat(32);
    expect(
      loadConfig({
        DATA_DIR: dir,
        METRICS_PORT: '9464',
        METRICS_TOKEN: token,
        SHUTDOWN_TIMEOUT_S: '5',
      }),
    ).toMatchObject({ metricsPort: 9464, metricsToken: token, shutdownTimeoutMs: 5000 });
    const refusals: [Record<string, string>, string][] = [
      [{ METRICS_PORT: '3000' }, 'METRICS_PORT must differ from PORT (3000)'],
      [{ METRICS_PORT: '70000' }, 'METRICS_PORT must be an integer from 0 to 65535, got "70000"'],
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 32 characters (or unset)'],
      ...['0', '3601', '2.5'].map((bad): [Record<string, string>, string] => [
        { SHUTDOWN_TIMEOUT_S: bad },
        `SHUTDOWN_TIMEOUT_S must be an integer from 1 to 3600 seconds, got "${bad}"`,
      ]),
    ];
    for (const [env, message] of refusals) {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
    }
  });

  it('reads the S3 settings: media stay on disk without S3_BUCKET', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      s3Bucket: undefined,
      s3Endpoint: undefined,
      s3Region: 'us-east-1',
      s3AccessKeyId: undefined,
      s3SecretAccessKey: undefined,
      s3ForcePathStyle: false,
      s3PresignSeconds: 300,
    });
    const s3 = {
      DATA_DIR: dir,
      S3_BUCKET: 'shop-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'TRUE',
        S3_PRESIGN_SECONDS: '60',
      }),
    ).toMatchObject({
      s3Bucket: 'shop-media',
      s3Endpoint: 'http://127.0.0.1:9000',
      s3Region: 'eu-west-3',
      s3AccessKeyId: 'AKIAEXAMPLE',
      s3SecretAccessKey: 'secret',
      s3ForcePathStyle: true,
      s3PresignSeconds: 60,
    });
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: '' })).toThrow(
      'S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too',
    );
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_ENDPOINT set without S3_BUCKET (unset them to keep media on disk)',
    );
    for (const bad of ['127.0.0.1:9000', 'ftp://s3.example.com', 'https://k:s@s3.example.com']) {
      expect(() => loadConfig({ ...s3, S3_ENDPOINT: bad })).toThrow(
        `S3_ENDPOINT must be an http:// or https:// URL without credentials or query, e.g. ` +
          `https://s3.example.com or http://127.0.0.1:9000, got "${bad}"`,
      );
    }
  });

  it("reads LOG_LEVEL: info by default, any of pino's levels in any case", () => {
    const secrets = { DATA_DIR: dir, JWT_SECRET: 'j'.repeat(32), URL_SIGNING_KEY: 'u'.repeat(32) };
    expect(loadConfig(secrets).logLevel).toBe('info');
    expect(loadConfig({ ...secrets, LOG_LEVEL: '' }).logLevel).toBe('info');
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(loadConfig({ ...secrets, LOG_LEVEL: level }).logLevel).toBe(level);
    }
    expect(loadConfig({ ...secrets, LOG_LEVEL: ' WARN ' }).logLevel).toBe('warn');
  });

  it('resolves DATA_DIR to an absolute path', () => {
    const c = loadConfig({
      DATA_DIR: 'relative-data',
      JWT_SECRET: 'j'.repeat(32),
      URL_SIGNING_KEY: 'u'.repeat(32),
    });
    expect(c.dataDir).toBe(join(process.cwd(), 'relative-data'));
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ SHIPPING_FLAT_RATE: '1.2345' }, /SHIPPING_FLAT_RATE/],
    [{ SHIPPING_FLAT_RATE: '-1' }, /SHIPPING_FLAT_RATE/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
    [{ SMTP_URL: 'http://smtp.example.com' }, /SMTP_URL/],
    [{ PUBLIC_URL: 'shop.example.tn' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://shop.example.tn' }, /PUBLIC_URL/],
    [{ VIES_URL: 'ec.europa.eu/vies' }, /VIES_URL/],
    [{ VIES_TIMEOUT_MS: '50' }, /VIES_TIMEOUT_MS/],
    [{ VIES_TIMEOUT_MS: 'soon' }, /VIES_TIMEOUT_MS/],
    [
      { LOG_LEVEL: 'bogus' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "bogus"',
    ],
    [{ LOG_LEVEL: 'warning' }, /LOG_LEVEL/],
    [{ S3_BUCKET: 'Shop_Media', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' }, /S3_BUCKET/],
    [
      {
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
        S3_REGION: 'EU WEST',
      },
      /S3_REGION/,
    ],
    [
      {
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'yes',
      },
      /S3_FORCE_PATH_STYLE/,
    ],
    [
      {
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PRESIGN_SECONDS: '5',
      },
      /S3_PRESIGN_SECONDS/,
    ],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });
});

describe('loadSecrets', () => {
  it('generates secrets once, stores them 0600 and reuses them', () => {
    const first = loadSecrets(dir, {});
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(loadSecrets(dir, {})).toEqual(first);
  });

  it('prefers the environment and fills only what is missing', () => {
    const env = { JWT_SECRET: 'j'.repeat(40) };
    const s = loadSecrets(dir, env);
    expect(s.jwtSecret).toBe(env.JWT_SECRET);
    expect(s.urlSigningKey).toHaveLength(43);
    expect(loadSecrets(dir, {}).urlSigningKey).toBe(s.urlSigningKey);
  });

  it('creates the data directory, readable by its owner only (0700)', () => {
    const nested = join(dir, 'a', 'b');
    loadSecrets(nested, {});
    expect(statSync(join(nested, 'secrets.json')).isFile()).toBe(true);
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it('refuses a corrupt secrets file instead of rotating keys', () => {
    writeFileSync(join(dir, 'secrets.json'), '{oops');
    expect(() => loadSecrets(dir, {})).toThrow(/not valid JSON/);
  });
});
