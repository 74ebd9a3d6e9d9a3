import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { AppContext } from './context';
import { createDataVersions } from './db/data-versions';
import { accessCheck, adminLookup, decodeBearer } from './http/access';
import { sessionLookup } from './services/identity/sessions';
import { registerCompression } from './http/compression';
import {
  contractValidation,
  registerContractValidation,
  serverContract,
} from './http/contract-validation';
import { DiskFullAlarm, fastifyErrorOptions, registerErrorAnswers } from './http/error-handler';
import { lazySerializers } from './http/lazy-serializers';
import { registerHealth } from './http/health';
import { registerApiDocs } from './http/api-docs';
import { apiTokenChecker } from './services/identity/api-tokens';
import { AuthThrottle } from './services/identity/auth-throttle';
import { registerMetrics, type QueueDepth } from './http/metrics';
import { registerMultipart } from './http/multipart';
import { jobQueueDepth } from './jobs/queue';
import { registerContractRoutes } from './http/contract-routes';
import { loadOpenApiDocument } from './http/openapi-document';
import { readOperationAccess } from './http/operations';
import { HttpProblem } from './api/problem';
import { registerSecurityHeaders, safeLoggerOptions } from './http/security';
import { registerRequestId, requestIdOf } from './http/request-id';
import { registerSpa } from './http/spa';
import type { Handlers } from './http/types';
import { createHandlers } from './routes';
import { mediaReadOrigins, mediaStorage } from './services/platform/media';
import type { Storage } from './storage/storage';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (log.ts), which `npm start` gives; instead of `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Folder of the built console (dist/); the API alone when absent. */
  spaDir?: string;
  /** Extra handlers, for tests of the wiring itself. */
  handlers?: Handlers;
  /** The media storage /readyz checks; mediaStorage(config) by default. */
  storage?: Storage;
  /** job_queue_depth's source; the job table's counts by default. */
  queueDepth?: QueueDepth;
}

export async function buildApp(
  ctx: AppContext,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const timeout = ctx.config.requestTimeoutMs;
  const app = Fastify({
    // Tokens travel in query strings (refresh, logout, media signatures) and headers: the request
    // log shows neither (http/security.ts).
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger: options.logger
            ? safeLoggerOptions(options.logger === true ? {} : options.logger)
            : false,
        }),
    // Behind a reverse proxy (TRUST_PROXY), request.ip and request.protocol come from
    // X-Forwarded-For and X-Forwarded-Proto.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // X-Request-Id is read by genReqId only, which refuses unsafe values (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A request must have arrived whole (headers and body) within REQUEST_TIMEOUT_S, else 408 and
    // the connection is closed. Node enforces this only when headersTimeout <= requestTimeout,
    // and checks the timers every connectionsCheckingInterval (30 s by default): check often.
    requestTimeout: timeout,
    http: {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(timeout / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // Fastify's own error answers (bad URL, shutdown, broken HTTP) as {detail} (#25).
    ...fastifyErrorOptions,
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('apiToken', null);
  // Every error answer is {detail}; a full disk is a 503 said once in the log (#25).
  const diskFull = new DiskFullAlarm();
  registerErrorAnswers(app, diskFull);
  registerRequestId(app);
  registerSecurityHeaders(app, await mediaReadOrigins(ctx.config));
  await registerCompression(app); // before the routes: it compresses the routes registered later
  app.addHook(
    'onRequest',
    decodeBearer(
      ctx.tokens,
      () => ctx.now(),
      apiTokenChecker(ctx.db, new AuthThrottle(ctx.db, () => ctx.now()), () => ctx.now()),
    ),
  );
  // Operations (#16): probes and metrics, outside the contract (http/health.ts says why).
  registerMetrics(app, {
    db: ctx.db,
    metricsToken: ctx.config.metricsToken,
    queueDepth: options.queueDepth ?? (() => jobQueueDepth(ctx.db)),
  });
  registerHealth(app, {
    db: ctx.db,
    dialect: ctx.dialect,
    storage: options.storage ?? mediaStorage(ctx.config),
    dataDir: ctx.config.dataDir,
    diskMinFreeBytes: ctx.config.diskMinFreeMb * 1024 * 1024,
    diskFull,
    now: () => ctx.now(),
  });
  registerApiDocs(app); // the API reference (#31), outside the contract like the probes
  registerContractValidation(app); // request validation by contract/ (as the mocks); first
  await registerMultipart(app); // multipart/form-data uploads; before the routes (see the file)

  const document = loadOpenApiDocument();
  const access = readOperationAccess(document);
  const contract = serverContract();
  const versions = createDataVersions(ctx.db);
  const findAdmin = adminLookup(ctx.db, versions);
  const sessionOpen = sessionLookup(ctx.db, versions, () => ctx.now());
  const handlers = { ...createHandlers(ctx, versions), ...options.handlers } as Record<
    string,
    unknown
  >;
  await registerContractRoutes(app, document, (operationId) => {
    const rule = access.get(operationId);
    if (!rule) throw new Error(`Operation ${operationId} has no access rule`);
    const handler =
      (handlers[operationId] as ((...args: unknown[]) => unknown) | undefined) ??
      (() =>
        Promise.reject(new HttpProblem(501, `Operation ${operationId} is not implemented yet`)));
    // Access first (401/403 before 422), then the contract's request validation.
    return {
      handler,
      preValidation: [
        accessCheck(rule, findAdmin, sessionOpen),
        contractValidation(operationId, contract),
      ],
    };
  });
  await registerSpa(app, options.spaDir);
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the n nearest proxies". */
function trustProxyOption(value: AppContext['config']['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}
