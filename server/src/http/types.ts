// Fastify handler types derived from the contract types (api/types.ts), so a handler's input and
// output cannot drift from the contract.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Body, OperationId, Params, Query, Reply } from '../api/types';

type OperationRequest<K extends OperationId> = FastifyRequest<{
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
