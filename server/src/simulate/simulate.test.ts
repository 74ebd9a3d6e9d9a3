// A year of a shop in one test (#32): the simulator lives 60 days of a seeded shop through the
// API of a real server (SHOP_TEST_CLOCK) and checks every rule of docs/product.md §10.33 after
// each day, on SQLite (test:unit) and PostgreSQL (test:db): a fixed seed on SQLite, a random one
// printed on PostgreSQL, so that a failure can be replayed: SIMULATE_SEED=<seed> npx vitest run
// server/src/simulate, or npm run simulate -- --days 60 --seed <seed>.
import { describe, expect, it } from 'vitest';
import type { DialectName } from '../db/database';
import { testDialects } from '../../test-support/databases';
import { simulate } from './simulator';

const DAYS = 60;
/** Volumes tuned to the suite's budget: about a minute a database (server answers dominate). */
const ORDERS_PER_DAY = 6;
const FIXED_SEED = 32;
const MINUTE = 60_000;

/**
 * The seed of a database's run: SQLite lives the fixed seed (the same days at every run, so a
 * change that breaks a rule fails there every time), PostgreSQL a random one printed first, so
 * that over the runs the shop lives many different years (SIMULATE_SEED replays it). Two 60-day
 * runs per database, or a short random one beside each, would cost the suite a minute more.
 */
const seedOf = (dialect: DialectName): { seed: number; random: boolean } =>
  process.env.SIMULATE_SEED !== undefined
    ? { seed: Number(process.env.SIMULATE_SEED), random: false }
    : dialect === 'sqlite'
      ? { seed: FIXED_SEED, random: false }
      : { seed: Math.floor(Math.random() * 2 ** 31), random: true };

describe.each(testDialects)('a shop lived day by day on %s (#32)', (dialect) => {
  const { seed, random } = seedOf(dialect);
  it(
    `keeps every rule for ${DAYS} days (${random ? 'a random seed' : `seed ${seed}`})`,
    { timeout: 6 * MINUTE },
    async () => {
      // Printed first: a failure (which names it too) can be replayed with SIMULATE_SEED.
      console.log(`${dialect}: simulating ${DAYS} days with seed ${seed}`);
      const lines: string[] = [];
      const result = await simulate({
        days: DAYS,
        seed,
        dialect,
        ordersPerDay: ORDERS_PER_DAY,
        // A restart on New Year's Eve (day 22, 2030-12-31) and one in February.
        restartDays: [22, 54],
        log: (line) => lines.push(line),
      });
      // Every day was lived and checked, and the days had something in them to check.
      expect(lines).toHaveLength(DAYS);
      expect(lines[DAYS - 1]).toMatch(
        new RegExp(
          `^day ${DAYS}: \\d+ orders, \\d+ returns, \\d+ remittance files, invariants held$`,
        ),
      );
      expect(result.orders).toBeGreaterThan(DAYS * 3);
      expect(result.returns).toBeGreaterThan(0);
      expect(result.edits).toBeGreaterThan(0);
      expect(result.remittances).toBeGreaterThan(0);
      // The carrier's CSV files came in, some with a flaw the import had to refuse or take in part.
      expect(result.remittanceFiles).toBeGreaterThan(0);
      expect(result.remittanceFiles - result.remittanceFlaws.none).toBeGreaterThan(0);
      expect(lines.filter((l) => !/ 0 remittance files,/.test(l)).length).toBeGreaterThan(0);
      expect(result.imports).toBe(3);
      expect(result.documents).toBeGreaterThan(result.orders / 2);
      console.log(
        `${dialect}: ${DAYS} days, ${result.orders} orders, ${result.documents} documents, ` +
          `${Math.round(result.msPerDay)} ms a day`,
      );
    },
  );
});
