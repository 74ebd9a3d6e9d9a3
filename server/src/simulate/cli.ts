// npm run simulate -- --days N --seed S --db sqlite|postgres (#32): a shop lived day by day
// through the API of a real server, a line per day; exit 1 with the day, the seed and the first
// broken rule. For postgres, run it under scripts/with-postgres.sh (DATABASE_URL).
import { parseArgs } from 'node:util';
import { SimulationFailed, simulate } from './simulator';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '60' },
    seed: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    orders: { type: 'string', default: '12' },
    from: { type: 'string', default: '2030-12-10' },
  },
});
const days = Number(values.days);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const ordersPerDay = Number(values.orders);
if (!Number.isInteger(days) || days < 1 || days > 3660) {
  console.error(`--days must be a whole number of days from 1 to 3660, got "${values.days}"`);
  process.exit(2);
}
if (!Number.isInteger(seed)) {
  console.error(`--seed must be a whole number, got "${values.seed}"`);
  process.exit(2);
}
if (!Number.isInteger(ordersPerDay) || ordersPerDay < 1 || ordersPerDay > 500) {
  console.error(`--orders must be a whole number from 1 to 500, got "${values.orders}"`);
  process.exit(2);
}
if (!/^\d{4}-\d{2}-\d{2}$/.test(values.from)) {
  console.error(`--from must be a day (YYYY-MM-DD), got "${values.from}"`);
  process.exit(2);
}
if (values.db !== 'sqlite' && values.db !== 'postgres') {
  console.error(`--db must be sqlite or postgres, got "${values.db}"`);
  process.exit(2);
}
if (values.db === 'postgres' && !process.env.DATABASE_URL) {
  console.error('--db postgres needs DATABASE_URL: run it under bash scripts/with-postgres.sh');
  process.exit(2);
}

console.log(`Simulating ${days} days on ${values.db}, seed ${seed}`);
try {
  const result = await simulate({
    days,
    seed,
    dialect: values.db,
    ordersPerDay,
    firstDay: values.from,
    log: (line) => console.log(line),
  });
  const flawed = result.remittanceFiles - result.remittanceFlaws.none;
  console.log(
    `${result.days} days: ${result.orders} orders, ${result.returns} returns, ` +
      `${result.edits} edits, ${result.remittances} remittances, ` +
      `${result.remittanceFiles} remittance files (${flawed} with a flaw), ${result.imports} price lists, ` +
      `${result.documents} invoices and credit notes, ${result.calls} API calls ` +
      `(${Math.round(result.busyMs / 1000)} s waiting for answers); ` +
      `${Math.round(result.msPerDay)} ms per simulated day; slowest operation ` +
      `${result.slowest.operation} (${Math.round(result.slowest.ms)} ms)`,
  );
  const flaws = Object.entries(result.remittanceFlaws).filter(
    ([flaw, n]) => flaw !== 'none' && n > 0,
  );
  if (flaws.length > 0) {
    console.log(`  remittance file flaws: ${flaws.map(([flaw, n]) => `${flaw} ${n}`).join(', ')}`);
  }
  for (const o of result.byOperation.slice(0, 8)) {
    console.log(`  ${o.operation}: ${o.calls} calls, ${Math.round(o.ms / o.calls)} ms each`);
  }
} catch (err) {
  if (!(err instanceof SimulationFailed)) throw err;
  console.error(err.message);
  process.exit(1);
}
