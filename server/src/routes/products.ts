import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function productsHandlers(_ctx: AppContext): Handlers {
  return {};
}
