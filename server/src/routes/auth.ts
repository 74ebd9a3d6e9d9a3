import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function authHandlers(_ctx: AppContext): Handlers {
  return {};
}
