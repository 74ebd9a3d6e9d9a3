import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function usersHandlers(_ctx: AppContext): Handlers {
  return {};
}
