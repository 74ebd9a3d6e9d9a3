import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function categoriesHandlers(_ctx: AppContext): Handlers {
  return {};
}
