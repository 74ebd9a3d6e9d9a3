import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function variantsHandlers(_ctx: AppContext): Handlers {
  return {};
}
