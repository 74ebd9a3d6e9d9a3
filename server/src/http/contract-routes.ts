import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route as fastify-openapi-glue's parser describes an operation of the contract. */
interface ContractRoute {
  method: RouteOptions['method'];
  url: string;
  schema: RouteOptions['schema'];
  config: RouteOptions['config'];
  operationId: string;
}

interface ParsedContract {
  routes: ContractRoute[];
}

interface GlueParser {
  parse(
    specification: object,
    options: { addEmptySchema: boolean; addCookieSchema: boolean },
  ): Promise<ParsedContract>;
}

let parsed: { document: object; result: Promise<ParsedContract> } | undefined;

/**
 * The contract's operations as Fastify routes, parsed by fastify-openapi-glue's own parser, once
 * per process. Its plugin parses at every app start, validating the whole contract against the
 * OpenAPI meta-schema with a fresh Ajv each time: about 190 ms of the 350 ms an app takes to
 * build, and the server's tests build one for nearly every test (#35: the suite was at its
 * 40-minute budget). The parser is not among the package's exports, so it is loaded from the file
 * beside the package's entry; the routes are registered as the plugin registers them
 * (makeGenerateRoutes in its index.js: method, url, schema, config, then the resolver's options).
 */
function parseContract(document: object): Promise<ParsedContract> {
  if (parsed?.document !== document) {
    const entry = createRequire(import.meta.url).resolve('fastify-openapi-glue');
    const result = import(pathToFileURL(join(dirname(entry), 'lib', 'Parser.js')).href).then(
      (module: { Parser: new () => GlueParser }) =>
        new module.Parser().parse(document, { addEmptySchema: false, addCookieSchema: false }),
    );
    parsed = { document, result };
  }
  return parsed.result;
}

/** Options of a route besides its place and schema: its handler and hooks. */
export type OperationOptions = Pick<RouteOptions, 'handler'> & Partial<RouteOptions>;

/**
 * Registers every operation of `document` (the bundled contract, one object per process: see
 * loadOpenApiDocument) with the options `resolve` gives for its operationId.
 */
export async function registerContractRoutes(
  app: FastifyInstance,
  document: object,
  resolve: (operationId: string) => OperationOptions,
): Promise<void> {
  // Each app gets its own copy: Fastify keeps and annotates the schema objects of its routes.
  const { routes } = structuredClone(await parseContract(document));
  await app.register((scope, _options, done) => {
    for (const route of routes) {
      scope.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        config: route.config,
        ...resolve(route.operationId),
      });
    }
    done();
  });
}
