// The VAT number checker the server uses: VIES online when VIES_URL is set (falling back to the
// format check when VIES cannot be reached in time), otherwise the offline format check.
import type { Config } from '../config';
import {
  createViesChecker,
  formatVatNumberChecker,
  type VatNumberChecker,
} from '../domain/vat-number';

export function vatNumberCheckerFor(
  config: Pick<Config, 'viesUrl' | 'viesTimeoutMs'>,
): VatNumberChecker {
  return config.viesUrl === undefined
    ? formatVatNumberChecker
    : createViesChecker({ url: config.viesUrl, timeoutMs: config.viesTimeoutMs });
}
