// Guessing discount codes (#29): the cart's code endpoint tells an unknown code from a real one,
// so refused codes are throttled with the sign-in's mechanism (identity/auth-throttle.ts: counters
// in the database, shared by every server instance and kept across restarts).
//
// At most DISCOUNT_CODES_PER_CART refused codes per cart (its customer, or its session) and
// DISCOUNT_CODES_PER_ADDRESS per client address in a window of DISCOUNT_CODE_WINDOW_MS (fixed,
// from the key's first refusal). Beyond, every code is answered 429 with Retry-After until the
// window ends, a valid one too: otherwise a guess could still be confirmed. A code that applies
// does not count (its attempt is given back), so a customer who types a right code is never held
// back by it; a session id is the client's choice, hence the address bound across carts.
import type { AppContext } from '../../context';
import { AuthThrottle, type Reservation, type ThrottleCheck } from '../identity/auth-throttle';

export const DISCOUNT_CODES_PER_CART = 10;
export const DISCOUNT_CODES_PER_ADDRESS = 30;
export const DISCOUNT_CODE_WINDOW_MS = 10 * 60 * 1000;
const TOO_MANY_CODES = 'Too many refused discount codes';

/** Whose codes are counted: the cart (by its customer or its session) and the client address. */
export interface CodeTryer {
  cart: { kind: 'customer'; customerId: number } | { kind: 'session'; sessionId: string };
  address: string;
}

const perWindow = (max: number) =>
  ({ kind: 'window', max, windowMs: DISCOUNT_CODE_WINDOW_MS }) as const;

function checksOf(tryer: CodeTryer): ThrottleCheck[] {
  const cart =
    tryer.cart.kind === 'customer'
      ? `customer:${tryer.cart.customerId}`
      : `session:${tryer.cart.sessionId}`;
  return [
    { scope: 'discount-code:cart', value: cart, policy: perWindow(DISCOUNT_CODES_PER_CART) },
    {
      scope: 'discount-code:address',
      value: tryer.address,
      policy: perWindow(DISCOUNT_CODES_PER_ADDRESS),
    },
  ];
}

/**
 * Judges a code under the throttle: 429 (nothing judged) when the cart or the address is over
 * its bound. The attempt stays counted only when the outcome is a refusal; an applied code, or
 * an error, gives it back.
 */
export async function throttledCodeTry<O>(
  ctx: Pick<AppContext, 'db' | 'now'>,
  tryer: CodeTryer,
  judge: () => Promise<O>,
  isRefusal: (outcome: O) => boolean,
): Promise<O> {
  const throttle = new AuthThrottle(ctx.db, () => ctx.now());
  const taken: Reservation[] = await throttle.consume(checksOf(tryer), TOO_MANY_CODES);
  let counts = false;
  try {
    const outcome = await judge();
    counts = isRefusal(outcome);
    return outcome;
  } finally {
    if (!counts) await throttle.release(taken);
  }
}
