// A year of a shop in one run (#32): a real server (npm start's main.ts) on a fresh database,
// whose clock the simulator moves (SHOP_TEST_CLOCK), lives a deterministic seeded shop day by
// day through the HTTP API, and every rule of docs/product.md §10.33 is checked after each day.
// A broken rule stops the run with the day, the seed and the rule (SimulationFailed).
import { mkdtempSync, rmSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DialectName } from '../db/database';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { addDays } from '../domain/analytics';
import { dayStart, shopDayOf } from '../domain/books';
import { fromMillimes } from '../domain/money';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
// The seller of the invoice tests' shop: the simulated shop issues its documents as it.
import { SELLER } from '../../test-support/invoices';
import { InvariantBroken, ShopClient, type Tokens } from './client';
import {
  checkBalances,
  checkDocuments,
  checkListCounts,
  checkOrderTotals,
  checkSalesReport,
  checkStock,
  checkUnitsHeld,
  checkVatReturn,
  documents,
  writtenCounts,
} from './invariants';
import { CarrierFiles, carrierCharges, type Flaw } from './remittance-files';

export interface SimulationOptions {
  days: number;
  seed: number;
  dialect: DialectName;
  /** Customer checkouts a day (on average); staff orders come on top. */
  ordersPerDay?: number;
  /** The first simulated day (the shop's, Africa/Tunis). */
  firstDay?: string;
  /** Days (1-based) at whose end the server is restarted. */
  restartDays?: readonly number[];
  /** Each day's line (`day 12: 41 orders, 3 returns, invariants held`). */
  log?: (line: string) => void;
}

export interface SimulationResult {
  days: number;
  orders: number;
  returns: number;
  /** Orders whose lines were edited (a credit note and a new invoice once invoiced). */
  edits: number;
  /** Cash-on-delivery remittances recorded (one per remitting day, typed in or from a file). */
  remittances: number;
  /** The carrier's CSV files imported (a file sent again counts once more). */
  remittanceFiles: number;
  /** Those files by their flaw ('none': a clean file). */
  remittanceFlaws: Record<Flaw, number>;
  /** Price lists imported from the catalogue's CSV export (every twenty days). */
  imports: number;
  documents: number;
  calls: number;
  /** Of the run, the time spent waiting for the server's answers. */
  busyMs: number;
  /** Calls and time by operation, the costliest first. */
  byOperation: { operation: string; calls: number; ms: number }[];
  msPerDay: number;
  slowest: { operation: string; ms: number };
}

export class SimulationFailed extends Error {
  constructor(
    readonly day: number,
    readonly date: string,
    readonly seed: number,
    readonly rule: string,
    detail: string,
  ) {
    super(`day ${day} (${date}), seed ${seed}: ${rule} broken: ${detail}`);
  }
}

const TIME_ZONE = 'Africa/Tunis';
const PASSWORD = 'Simulated-Shop-2030!';

/** mulberry32: a small seeded generator, so a seed replays the same shop. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[int(0, list.length - 1)] as T;
    },
  };
}

type Status = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

interface Placed {
  id: number;
  number: string;
  status: Status;
  items: { id: number; quantity: number }[];
  returned: boolean;
  paid: boolean;
  cod: boolean;
  /** What the carrier remitted for it last (a file may list it again). */
  collected?: string;
  /** The simulated day it was delivered (returns are taken for two weeks). */
  deliveredOn: number;
}

interface Product {
  productId: number;
  variantId: number;
  backorder: boolean;
}

interface OrderAnswer {
  id: number;
  order_number: string;
  status: Status;
  balance_due?: string;
  items: { id: number; quantity: number }[];
}

const ADDRESS = {
  first_name: 'Amira',
  last_name: 'Ben Salah',
  street_address: '5 Rue de Marseille',
  city: 'Tunis',
  postal_code: '1001',
  country: 'TN',
  phone: '+216 71 111 111',
};

/** Who buys: most at home, some abroad, some EU businesses under the reverse charge. */
function buyerOf(rng: ReturnType<typeof random>, n: number) {
  const roll = rng.next();
  const email = `buyer${n % 97}@example.tn`;
  if (roll < 0.1) {
    return {
      body: {
        customer_type: 'professional',
        vat_number: 'FR40303265045',
        customer_country_code: 'FR',
      },
      address: { ...ADDRESS, country: 'FR', city: 'Paris', postal_code: '75001', email },
    };
  }
  if (roll < 0.2) {
    return {
      body: {},
      address: { ...ADDRESS, country: 'DE', city: 'Berlin', postal_code: '10115', email },
    };
  }
  return { body: {}, address: { ...ADDRESS, email } };
}

export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const { seed, dialect } = options;
  const rng = random(seed);
  const ordersPerDay = options.ordersPerDay ?? 12;
  const firstDay = options.firstDay ?? '2030-12-10';
  const restartDays = new Set(options.restartDays ?? [7, 31, 50]);
  const log = options.log ?? (() => {});

  const dataDir = mkdtempSync(join(tmpdir(), 'shop-simulation-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase('simulation') : undefined;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET: 'simulated-shop-jwt-secret-'.padEnd(48, 'j'),
    URL_SIGNING_KEY: 'simulated-shop-url-signing-key-'.padEnd(48, 'u'),
    SHIPPING_FLAT_RATE: '7.000',
    SHOP_TEST_CLOCK: 'true',
    // The simulator's days are minutes: no scheduled backup in the middle of them.
    BACKUP_INTERVAL_H: '0',
    NODE_ENV: 'test',
  };
  let server: ServerProcess = await startServerProcess(env);
  const client = new ShopClient(server.api, server.origin);
  let database: DatabaseHandle | undefined;

  // The clock: each day starts at 08:00 in Tunis and work moves it a few minutes per step.
  let day = 0;
  let date = firstDay;
  const at = (hour: number, minute = 0) =>
    new Date(dayStart(date, TIME_ZONE).getTime() + (hour * 60 + minute) * 60_000);
  let minuteOfDay = 8 * 60;
  const tick = async (minutes = rng.int(1, 6)) => {
    minuteOfDay = Math.min(minuteOfDay + minutes, 22 * 60);
    await client.setClock(at(0, minuteOfDay));
  };

  const fail = (err: unknown): never => {
    if (err instanceof InvariantBroken) {
      throw new SimulationFailed(day, date, seed, err.rule, err.message.slice(err.rule.length + 2));
    }
    const message = err instanceof Error ? err.message : String(err);
    throw new SimulationFailed(day, date, seed, 'the day could be lived', message);
  };

  const started = performance.now();
  const totals = { orders: 0, returns: 0, edits: 0, remittances: 0, imports: 0, files: 0 };
  const placed: Placed[] = [];
  const products: Product[] = [];
  let discountCode = '';
  let clerk: { id: number; tokens: Tokens } = {
    id: 0,
    tokens: { access_token: '', refresh_token: '' },
  };
  let lastCheckedOrder = 0;

  try {
    await client.setClock(at(7));
    await client.signIn('owner', PASSWORD);
    database = openDatabase({
      dataDir,
      databaseUrl: postgres?.url,
      ...(dialect === 'sqlite' ? { sqliteFile: join(dataDir, 'shop.db') } : {}),
    });
    const db = database.db;
    // The carrier's files draw from a stream of their own: the rest of the shop lives the days
    // it lived before files came in.
    const fileRandom = random(seed ^ 0x5eed32);
    const files = new CarrierFiles(client, db, fileRandom);

    // --- The shop before day 1: its identity, VAT law, catalogue, a discount, a clerk.
    await client.expect(200, 'PATCH', '/admin/settings/shop', SELLER);
    // A rate change on a date: the standard rate moves from 19 % to 20 % a third of the way in.
    const changeDay = addDays(firstDay, Math.max(1, Math.floor(options.days / 3)));
    const changeAt = dayStart(changeDay, TIME_ZONE).toISOString();
    const later = await client.expect<{ id: number }>(201, 'POST', '/admin/vat-rates/', {
      name: 'Standard (new law)',
      rate: 20,
      country_code: 'TN',
      effective_from: changeAt,
    });
    const standard = await client.expect<{ id: number }>(201, 'POST', '/admin/vat-rates/', {
      name: 'Standard',
      rate: 19,
      country_code: 'TN',
      is_default: true,
      effective_from: dayStart(addDays(firstDay, -365), TIME_ZONE).toISOString(),
      // Its last second is the one before the new law's first (the successor starts after it).
      effective_to: new Date(Date.parse(changeAt) - 1000).toISOString(),
      successor_id: later.id,
    });
    const reduced = await client.expect<{ id: number }>(201, 'POST', '/admin/vat-rates/', {
      name: 'Reduced',
      rate: 7,
      country_code: 'TN',
      effective_from: dayStart(addDays(firstDay, -365), TIME_ZONE).toISOString(),
    });
    const category = await client.expect<{ id: number }>(201, 'POST', '/categories/', {
      name: 'Home',
      slug: 'home',
    });
    for (let i = 0; i < 12; i++) {
      const backorder = i % 6 === 5;
      const product = await client.expect<{ id: number }>(201, 'POST', '/admin/products/', {
        name: `Fouta ${i + 1}`,
        slug: `fouta-${i + 1}`,
        description: `Fouta number ${i + 1}`,
        category_id: category.id,
        // Prices that round: odd millimes, some entered with VAT.
        base_price: (rng.int(4_001, 89_999) / 1000).toFixed(3),
        price_includes_vat: i % 3 === 0,
        vat_rate_id: i % 4 === 3 ? reduced.id : standard.id,
        inventory: { stock_quantity: rng.int(20, 60), allow_backorder: backorder },
      });
      // A simple product's one variant is not listed by the API (it is the product): read it.
      const variant = await db
        .selectFrom('variants')
        .select('id')
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      products.push({ productId: product.id, variantId: variant.id, backorder });
    }
    // A discount that starts on day 5 and ends on day 20.
    discountCode = 'WINTER10';
    await client.expect(201, 'POST', '/admin/discounts/', {
      name: 'Winter',
      code: discountCode,
      kind: 'percent',
      percent: 10,
      scope: 'order',
      starts_on: addDays(firstDay, 4),
      ends_on: addDays(firstDay, 19),
    });
    // A clerk who works the order desk until they leave (deactivated on day 2/3 of the run).
    const created = await client.expect<{ id: number }>(201, 'POST', '/admin/users/', {
      username: 'clerk',
      email: 'clerk@example.tn',
      full_name: 'Sami Clerk',
      role: 'support',
      password: PASSWORD,
    });
    clerk = { id: created.id, tokens: await client.sessionOf('clerk', PASSWORD) };
    const leavingDay = Math.max(2, Math.floor((options.days * 2) / 3));

    // --- The days.
    for (day = 1; day <= options.days; day++) {
      date = addDays(firstDay, day - 1);
      // New Year in Tunis: the first orders and invoices of the year come right after midnight,
      // when it is still the old year in UTC; other days open at 08:00.
      minuteOfDay = date.endsWith('-01-01') ? 20 : 8 * 60;
      // Overnight idle: the admin's access token has long expired; the next call refreshes it.
      await client.setClock(at(0, minuteOfDay));
      const today = { orders: 0, returns: 0, edits: 0, remittances: 0, imports: 0, files: 0 };
      /** Orders edited today: their lines and totals are checked again tonight. */
      const edited = new Set<number>();
      /** The orders whose balance may have moved today: checked tonight. */
      const touched = new Set<number>();

      // Customer checkouts: guests, some with the code, some abroad, some B2B in the EU.
      const checkouts = rng.int(Math.ceil(ordersPerDay / 2), Math.ceil((ordersPerDay * 3) / 2));
      for (let n = 0; n < checkouts; n++) {
        await tick();
        const session = `sim-${seed}-${day}-${n}`;
        const lines = rng.int(1, 3);
        let added = 0;
        for (let l = 0; l < lines; l++) {
          const product = rng.pick(products);
          const res = await client.raw(
            'POST',
            `/cart/items?session_id=${session}`,
            { product_id: product.productId, quantity: rng.int(1, 3) },
            undefined,
          );
          // 409/422: out of stock or over it — what a shop sees, not a fault.
          if (res.status === 201) added += 1;
          else if (res.status !== 409 && res.status !== 422) {
            throw new Error(`addCartItem answered ${res.status}: ${JSON.stringify(res.body)}`);
          }
        }
        if (added === 0) continue;
        if (rng.chance(0.3)) {
          // Outside its days the code is refused (422/409): that is the rule being lived.
          await client.raw(
            'POST',
            `/cart/discount?session_id=${session}`,
            { code: discountCode },
            undefined,
          );
        }
        const buyer = buyerOf(rng, totals.orders);
        const cod = rng.chance(0.6);
        const res = await client.raw<OrderAnswer>(
          'POST',
          `/orders/?session_id=${session}`,
          {
            payment_method: cod ? 'cash_on_delivery' : 'bank_transfer',
            shipping_address: buyer.address,
            ...buyer.body,
          },
          undefined,
        );
        if (res.status === 201) {
          placed.push({ ...pick(res.body), returned: false, paid: false, cod, deliveredOn: 0 });
          today.orders += 1;
        } else if (res.status !== 409 && res.status !== 422) {
          throw new Error(`createOrder answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      }

      // Staff orders: taken on the phone, completed as confirmed.
      for (let n = rng.int(0, 2); n > 0; n--) {
        await tick();
        const product = rng.pick(products.filter((p) => p.backorder));
        const draft = await client.expect<{ id: number }>(201, 'POST', '/admin/draft-orders/', {
          guest: { name: 'Phone Buyer', phone: '+216 98 000 000', email: 'phone@example.tn' },
          shipping_address: { ...ADDRESS, email: 'phone@example.tn' },
          payment_method: 'cash_on_delivery',
          lines: [{ variant_id: product.variantId, quantity: rng.int(1, 4) }],
        });
        const order = await client.expect<OrderAnswer>(
          201,
          'POST',
          `/admin/draft-orders/${draft.id}/complete`,
          { status: 'confirmed' },
        );
        placed.push({ ...pick(order), returned: false, paid: false, cod: true, deliveredOn: 0 });
        today.orders += 1;
      }

      // The order desk: yesterday's orders move on; a misclick is undone at once.
      for (const order of placed.filter(
        (o) => o.status !== 'delivered' && o.status !== 'cancelled',
      )) {
        if (!rng.chance(0.6)) continue;
        const next: Status =
          order.status === 'pending'
            ? rng.chance(0.1)
              ? 'cancelled'
              : 'confirmed'
            : order.status === 'confirmed'
              ? 'processing'
              : order.status === 'processing'
                ? 'shipped'
                : 'delivered';
        if (next === 'cancelled') {
          await client.expect(200, 'POST', `/admin/orders/${order.id}/cancel`, {
            reason: 'Customer called',
          });
        } else {
          await client.expect(200, 'PATCH', `/admin/orders/${order.id}/status`, { status: next });
        }
        if (next !== 'cancelled' && rng.chance(0.05)) {
          // A misclick: delivered by mistake, then put back.
          await client.expect(200, 'PATCH', `/admin/orders/${order.id}/status`, {
            status: 'delivered',
          });
          await client.expect(200, 'PATCH', `/admin/orders/${order.id}/status`, {
            status: next,
            note: 'Misclick undone',
          });
        }
        order.status = next;
        if (next === 'delivered') order.deliveredOn = day;
        // A status moves the balance only when it credits the order.
        if (next === 'cancelled') touched.add(order.id);
      }
      await tick();

      // Edits: now and then the customer of an order not yet shipped calls to take one more of
      // a line. Stock, totals and, once invoiced, a credit note and a new invoice follow; an
      // order with a discount keeps its lines (409), as a short stock does (409).
      for (const order of placed.filter(
        (o) => (o.status === 'confirmed' || o.status === 'processing') && !o.paid,
      )) {
        if (!rng.chance(0.05)) continue;
        const grown = rng.int(0, order.items.length - 1);
        const res = await client.call<OrderAnswer>('POST', `/admin/orders/${order.id}/edit`, {
          lines: order.items.map((item, i) => ({
            order_item_id: item.id,
            quantity: i === grown ? item.quantity + 1 : item.quantity,
          })),
          note: 'The customer called for one more',
        });
        if (res.status === 200) {
          order.items = pick(res.body).items;
          touched.add(order.id);
          edited.add(order.id);
          today.edits += 1;
        } else if (res.status !== 409) {
          throw new Error(`editOrder answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      }
      await tick();

      // Payments: transfers once confirmed; cash on delivery as the carrier remits it: on some
      // days one remittance of the delivered orders it collected, its fee and the 3 % it withheld
      // kept back (docs/product.md §10.22).
      const receivedBefore = Object.values(files.received).reduce((a, b) => a + b, 0);
      for (const id of await files.sendAgain()) touched.add(id);
      const remitting = rng.chance(0.5);
      const remitted: { order: Placed; amount: string }[] = [];
      for (const order of placed.filter((o) => !o.paid && o.status !== 'cancelled')) {
        if (order.cod ? order.status !== 'delivered' || !remitting : order.status === 'pending')
          continue;
        if (!order.cod && !rng.chance(0.7)) continue;
        const balance = await client.expect<{ balance_due: string }>(
          200,
          'GET',
          `/admin/orders/${order.id}/payments`,
        );
        if (Number(balance.balance_due) <= 0) continue;
        if (order.cod) {
          remitted.push({ order, amount: balance.balance_due });
          continue;
        }
        await client.expect(201, 'POST', `/admin/orders/${order.id}/payments`, {
          amount: balance.balance_due,
          method: 'bank_transfer',
          received_on: shopDayOf(client.now.toISOString(), TIME_ZONE),
          reference: `SIM-${order.id}`,
        });
        order.paid = true;
        touched.add(order.id);
      }
      const remittance = {
        carrier: 'Rapid-Poste',
        received_on: shopDayOf(client.now.toISOString(), TIME_ZONE),
        reference: `REM-${seed}-${day}`,
      };
      if (remitted.length > 0 && fileRandom.chance(0.5)) {
        // The carrier's CSV file, now and then with a mistake (remittance-files.ts).
        const byId = new Map(remitted.map((r) => [r.order.id, r]));
        const answer = await files.remit(
          remitted.map((r) => ({ id: r.order.id, number: r.order.number, amount: r.amount })),
          placed.flatMap((o) =>
            o.paid && o.collected ? [{ id: o.id, number: o.number, amount: o.collected }] : [],
          ),
          new Set(placed.map((o) => o.number)),
          remittance,
        );
        for (const id of answer.paidInFull) {
          const r = byId.get(id)!;
          r.order.paid = true;
          r.order.collected = r.amount;
        }
        for (const id of answer.named) touched.add(id);
        if (answer.recorded) today.remittances += 1;
      } else if (remitted.length > 0) {
        const { fee, withheld } = carrierCharges(remitted);
        await client.expect(201, 'POST', '/admin/payments/remittances', {
          ...remittance,
          fee_amount: fromMillimes(fee),
          withheld_amount: fromMillimes(withheld),
          lines: remitted.map((r) => ({ order_number: r.order.number, amount: r.amount })),
        });
        for (const r of remitted) {
          r.order.paid = true;
          r.order.collected = r.amount;
          touched.add(r.order.id);
        }
        today.remittances += 1;
      }
      today.files = Object.values(files.received).reduce((a, b) => a + b, 0) - receivedBefore;
      await tick();

      // Partial returns of delivered orders: one unit back, restocked or damaged.
      // (Within two weeks of the delivery, as a shop's return policy says.)
      for (const order of placed.filter(
        (o) => o.status === 'delivered' && !o.returned && day - o.deliveredOn <= 14,
      )) {
        if (!rng.chance(0.03)) continue;
        const item = order.items[0];
        if (!item) continue;
        await client.expect(201, 'POST', `/admin/orders/${order.id}/returns`, {
          reason: 'Too small',
          lines: [{ order_item_id: item.id, quantity: 1, restock: rng.chance(0.7) }],
        });
        order.returned = true;
        touched.add(order.id);
        today.returns += 1;
      }

      // Stock: the low ones are restocked; now and then an inventory count corrects one down.
      const stock = new Map(
        (
          await db
            .selectFrom('variants')
            .select(['id', 'stock_quantity'])
            .where(
              'id',
              'in',
              products.map((p) => p.variantId),
            )
            .execute()
        ).map((v) => [v.id, Number(v.stock_quantity)]),
      );
      await tick();
      for (const product of products) {
        const quantity = stock.get(product.variantId) ?? 0;
        const adjustment =
          quantity < 10 ? rng.int(20, 40) : rng.chance(0.03) && quantity > 2 ? -1 : 0;
        if (adjustment === 0) continue;
        await client.expect(200, 'POST', `/admin/variants/${product.variantId}/inventory/adjust`, {
          adjustment,
        });
      }

      // A price list every twenty days (from day 10): the catalogue exported, its prices raised
      // 2 % and a delivery counted into some stocks in a spreadsheet, imported back (checked,
      // then applied): later checkouts pay the new prices; the stocks move as kind import.
      if (day % 20 === 10) {
        await tick();
        const exported = await client.expect<string>(200, 'GET', '/admin/exports/products');
        const rows = parse<Record<string, string>>(exported, { columns: true, bom: true });
        const edited = rows.map((row) => {
          const raised = (cell: string | undefined) =>
            cell ? ((Math.round(Number(cell) * 1000) * 102) / 100_000).toFixed(3) : cell;
          const stocked = row.stock_quantity !== '' && rng.chance(0.3);
          return {
            ...row,
            base_price: raised(row.base_price),
            price: raised(row.price),
            stock_quantity: stocked ? String(Number(row.stock_quantity) + 12) : row.stock_quantity,
          };
        });
        const file = stringify(edited, { header: true });
        const name = `prices-day-${day}.csv`;
        type Report = { applied: boolean; summary: { update: number; refused: number } };
        const checked = await client.upload<Report>(
          '/admin/imports/products?mode=dry_run',
          name,
          file,
        );
        const applied = await client.upload<Report>(
          '/admin/imports/products?mode=apply',
          name,
          file,
        );
        // Every row's price moved: every row is an update, none refused, and it was written.
        if (
          checked.status !== 200 ||
          applied.status !== 200 ||
          !applied.body.applied ||
          applied.body.summary.refused > 0 ||
          applied.body.summary.update !== rows.length
        ) {
          throw new Error(
            `importProducts answered ${checked.status} then ${applied.status}: ${JSON.stringify(applied.body)}`,
          );
        }
        today.imports += 1;
      }

      // The clerk works the desk until leaving: each morning their session, idle overnight, is
      // refreshed; once deactivated, the refresh is refused (they are signed out).
      await tick(1);
      if (day === leavingDay) {
        await client.expect(200, 'PATCH', `/admin/users/${clerk.id}`, { is_active: false });
      }
      const refreshed = await client.refreshOf(clerk.tokens);
      if (day < leavingDay) {
        if (refreshed.status !== 200) {
          throw new InvariantBroken(
            'sessions survive idle time',
            `the clerk's refresh answered ${refreshed.status} ${JSON.stringify(refreshed.body)}`,
          );
        }
        clerk.tokens = refreshed.body;
        await client.raw(
          'GET',
          '/admin/orders/?limit=5',
          undefined,
          `Bearer ${clerk.tokens.access_token}`,
        );
      } else if (refreshed.status !== 401) {
        throw new InvariantBroken(
          'a deactivated admin is signed out',
          `the clerk's refresh answered ${refreshed.status} after the deactivation`,
        );
      }

      totals.orders += today.orders;
      totals.returns += today.returns;
      totals.edits += today.edits;
      totals.remittances += today.remittances;
      totals.imports += today.imports;
      totals.files += today.files;

      // --- After the day: every rule.
      await client.setClock(at(23));
      await checkStock(db);
      await checkUnitsHeld(db);
      await checkOrderTotals(db, lastCheckedOrder, [...edited]);
      lastCheckedOrder = Math.max(lastCheckedOrder, ...placed.map((o) => o.id));
      const docs = await documents(db);
      checkDocuments(docs, TIME_ZONE);
      // A month closes on its last day: its return is checked once, on the 1st after.
      if (date.endsWith('-01') && day > 1) {
        await checkVatReturn(client, docs, addDays(date, -1).slice(0, 7), TIME_ZONE);
      }
      await checkBalances(client, db, [...touched]);
      await checkSalesReport(
        client,
        db,
        { from: addDays(date, -30) < firstDay ? firstDay : addDays(date, -30), to: date },
        TIME_ZONE,
      );
      await checkListCounts(client, db);

      if (restartDays.has(day)) {
        const before = await writtenCounts(db);
        server.child.kill('SIGTERM');
        await server.exited;
        server = await startServerProcess(env);
        client.moveTo(server.api, server.origin);
        await client.setClock(at(23, 30));
        const after = await writtenCounts(db);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          throw new InvariantBroken(
            'no write lost across a restart',
            `before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
          );
        }
      }
      log(
        `day ${day}: ${today.orders} orders, ${today.returns} returns, ` +
          `${today.files} remittance files, invariants held`,
      );
    }
    const docs = await documents(db);
    return {
      days: options.days,
      orders: totals.orders,
      returns: totals.returns,
      edits: totals.edits,
      remittances: totals.remittances,
      remittanceFiles: totals.files,
      remittanceFlaws: { ...files.received },
      imports: totals.imports,
      documents: docs.length,
      calls: client.calls,
      busyMs: client.busyMs,
      byOperation: [...client.byOperation]
        .map(([operation, spent]) => ({ operation, ...spent }))
        .sort((a, b) => b.ms - a.ms),
      msPerDay: (performance.now() - started) / options.days,
      slowest: client.slowest,
    };
  } catch (err) {
    if (err instanceof SimulationFailed) throw err;
    return fail(err);
  } finally {
    await database?.close();
    server.child.kill('SIGTERM');
    await server.exited;
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function pick(o: OrderAnswer): Omit<Placed, 'returned' | 'paid' | 'cod' | 'deliveredOn'> {
  return {
    id: o.id,
    number: o.order_number,
    status: o.status,
    items: o.items.map((i) => ({ id: i.id, quantity: i.quantity })),
  };
}
