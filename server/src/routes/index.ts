import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

/** Every operation's handler, by operationId; one module per tag of the contract. */
export function createHandlers(_ctx: AppContext): Handlers {
  return {};
}
