import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function uploadsHandlers(_ctx: AppContext): Handlers {
  return {};
}
