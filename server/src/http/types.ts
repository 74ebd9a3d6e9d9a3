// Handler types derived from the OpenAPI document (generated/api-schema.d.ts), so a handler's
// input and output cannot drift from the contract.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../../generated/api-schema';

export type OperationId = keyof operations;
export type Schemas = components['schemas'];

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type Body<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? JsonContent<NonNullable<R>>
  : never;
export type Query<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
export type Params<K extends OperationId> = NonNullable<operations[K]['parameters']['path']>;

type SuccessStatus = 200 | 201 | 202;
/** The JSON body of the operation's 2xx answer. */
export type Reply<K extends OperationId> = {
  [S in keyof operations[K]['responses']]: S extends SuccessStatus
    ? JsonContent<operations[K]['responses'][S]>
    : never;
}[keyof operations[K]['responses']];

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: Body<K>;
  Querystring: Query<K>;
  Params: Params<K>;
}>;

/** A handler returns the 2xx body, or the reply when it sent something else itself (204, files). */
export type Handler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<Reply<K> | FastifyReply>;

export type Handlers = { [K in OperationId]?: Handler<K> };
