// Guessing discount codes (#29, docs/product.md §10.3): refused codes are throttled per cart and
// per client address in the database (shared by every server instance); past the bound every code
// is answered 429 with Retry-After, a valid one too, and a code that applies does not count.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, type Schemas } from '../../test-support/contract';
import { buildSibling, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { deleteAll } from '../../test-support/fixtures';
import { addToCart, useShop, type Buyer } from '../../test-support/shop';
import {
  DISCOUNT_CODE_WINDOW_MS,
  DISCOUNT_CODES_PER_ADDRESS,
  DISCOUNT_CODES_PER_CART,
} from '../services/discounts/code-throttle';

type Cart = Schemas['Cart'];

const MINUTE = 60_000;

describe.each(testDialects)('discount code throttle (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  let seq = 0;
  let productId = 0;

  beforeEach(async () => {
    await deleteAll(t.database.db, ['auth_throttle']);
    t.freezeClock();
    productId = (await shop.simple({ base_price: 20_000 }, { stock_quantity: 100 })).productId;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/discounts/',
      // A fresh admin each time: the clock moves on from test to test.
      headers: await t.authAs('admin'),
      payload: { name: 'Ten off', code: 'TEN', kind: 'percent', percent: 10, scope: 'order' },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  /** A guest's cart holding one 20.000 product. */
  async function cart(): Promise<Buyer> {
    const buyer = { session: `sess_${dialect}_${++seq}_throttle` };
    expect((await addToCart(t.app, buyer, { product_id: productId, quantity: 1 })).statusCode).toBe(
      201,
    );
    return buyer;
  }
  const apply = (buyer: Buyer, code: string, address: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/cart/discount${buyer.session ? `?session_id=${buyer.session}` : ''}`,
      headers: buyer.headers ?? {},
      payload: { code },
      remoteAddress: address,
    });
  const getCart = async (buyer: Buyer) =>
    expectStatus<Cart>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/cart/${buyer.session ? `?session_id=${buyer.session}` : ''}`,
        headers: buyer.headers ?? {},
      }),
      200,
      'getCart',
    );
  const unknown = (i: number) => `GUESS${i}`;
  const expectUnknown = async (buyer: Buyer, i: number, address: string, app = t.app) =>
    expectProblem(
      await apply(buyer, unknown(i), address, app),
      409,
      `The code "${unknown(i)}" does not exist`,
      'applyCartDiscount',
    );
  const expectThrottled = async (
    buyer: Buyer,
    code: string,
    address: string,
    wait: { seconds: number; text: string },
  ) => {
    const res = await apply(buyer, code, address);
    expectProblem(
      res,
      429,
      `Too many refused discount codes. Try again in ${wait.text}.`,
      'applyCartDiscount',
    );
    expect(res.headers['retry-after']).toBe(String(wait.seconds));
  };
  const TEN_MINUTES = { seconds: 600, text: '10 minutes' };

  it(`answers 429 to the ${DISCOUNT_CODES_PER_CART + 1}th refused code of a cart, even a valid one, on every instance`, async () => {
    const sibling: FastifyInstance = await buildSibling(t);
    try {
      const guesser = await cart();
      for (let i = 0; i < DISCOUNT_CODES_PER_CART; i++) {
        // From ever new addresses and both instances: the cart's count is in the database.
        await expectUnknown(guesser, i, `10.1.0.${i}`, i % 2 === 0 ? t.app : sibling);
      }
      await expectThrottled(guesser, unknown(99), '10.1.1.1', TEN_MINUTES);
      // A right code is refused as well (a guess cannot be confirmed), and not put on the cart.
      await expectThrottled(guesser, 'TEN', '10.1.1.1', TEN_MINUTES);
      const res = await apply(guesser, 'ten', '10.1.1.2', sibling);
      expect(res.statusCode).toBe(429);
      expect((await getCart(guesser)).discount).toBeNull();

      // Another cart from another address is not held back.
      const other = await cart();
      await expectUnknown(other, 1, '10.2.0.1');
      const applied = expectStatus<Cart>(
        await apply(other, 'TEN', '10.2.0.1'),
        200,
        'applyCartDiscount',
      );
      expect(applied.discount).toMatchObject({ code: 'TEN', amount: '2.000' });

      // The wait shrinks with the window; once it has passed, codes are judged again.
      t.advanceClock(4 * MINUTE);
      await expectThrottled(guesser, 'TEN', '10.1.1.3', { seconds: 360, text: '6 minutes' });
      t.advanceClock(6 * MINUTE - 1_000);
      await expectThrottled(guesser, 'TEN', '10.1.1.3', { seconds: 1, text: '1 second' });
      t.advanceClock(1_000);
      await expectUnknown(guesser, 100, '10.1.1.3');
      const after = expectStatus<Cart>(
        await apply(guesser, 'TEN', '10.1.1.3'),
        200,
        'applyCartDiscount',
      );
      expect(after.discount).toMatchObject({ code: 'TEN' });
      expect(after.total_incl_vat).toBe('18.000');
    } finally {
      await sibling.close();
    }
  });

  it("counts a signed-in customer's refusals on the customer, whatever the session", async () => {
    const customer = await shop.customer();
    for (let i = 0; i < DISCOUNT_CODES_PER_CART; i++) {
      const buyer = { headers: customer.headers, session: `sess_${dialect}_${++seq}_customer` };
      await expectUnknown(buyer, i, `10.3.0.${i}`);
    }
    await expectThrottled({ headers: customer.headers }, 'TEN', '10.3.1.1', TEN_MINUTES);
  });

  it(`answers 429 past ${DISCOUNT_CODES_PER_ADDRESS} refused codes from one address, across carts`, async () => {
    const perCart = 6; // under the cart's bound: only the address's applies
    const carts = await Promise.all(
      Array.from({ length: DISCOUNT_CODES_PER_ADDRESS / perCart }, () => cart()),
    );
    let i = 0;
    for (const buyer of carts) {
      for (let k = 0; k < perCart; k++) await expectUnknown(buyer, i++, '10.4.0.1');
    }
    expect(i).toBe(DISCOUNT_CODES_PER_ADDRESS);
    const fresh = await cart();
    await expectThrottled(fresh, 'TEN', '10.4.0.1', TEN_MINUTES);
    await expectThrottled(carts[0]!, unknown(0), '10.4.0.1', TEN_MINUTES);
    // The same carts from another address are under their own bound.
    expectStatus(await apply(fresh, 'TEN', '10.4.0.2'), 200, 'applyCartDiscount');
    await expectUnknown(carts[0]!, 0, '10.4.0.2');
    t.advanceClock(DISCOUNT_CODE_WINDOW_MS);
    expectStatus(await apply(await cart(), 'TEN', '10.4.0.1'), 200, 'applyCartDiscount');
  });

  it('never counts a code that applies: exactly the refused ones are counted', async () => {
    // Any mix of right and wrong codes on a fresh cart and address: every code is judged until
    // the cart's 10th refusal, and every code after it is answered 429.
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: DISCOUNT_CODES_PER_CART, maxLength: 24 }),
        async (rights) => {
          const buyer = await cart();
          const address = `10.${5 + Math.floor(++run / 250)}.${run % 250}.1`;
          let refused = 0;
          for (const [i, right] of rights.entries()) {
            const res = await apply(buyer, right ? 'TEN' : unknown(i), address);
            const expected =
              refused >= DISCOUNT_CODES_PER_CART ? 429 : right ? 200 : (refused++, 409);
            expect(res.statusCode, res.body).toBe(expected);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
