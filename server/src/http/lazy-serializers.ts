// Response serialisation compiled per route on its first answer rather than for every route at
// start: compiling all the contract's response schemas (fast-json-stringify) was a fifth of the
// server's boot. Each route gets exactly the serializer Fastify would have built, only later.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];
type Factory = NonNullable<SerializerFactory>;

// Fastify's own default, loaded as Fastify loads it (a dependency of Fastify's, not ours).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => Factory;
};
const defaultFactory = SerializerSelector();

export const lazySerializers: Factory = (externalSchemas, options) => {
  const compile = defaultFactory(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route))(data);
  };
};
