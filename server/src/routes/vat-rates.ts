import type { AppContext } from '../context';
import type { Handlers } from '../http/types';

export function vatRatesHandlers(_ctx: AppContext): Handlers {
  return {};
}
