// Types of the contract (generated/api-schema.d.ts) that services and routes share: the
// schemas, and each operation's body, parameters and 2xx answer.
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
