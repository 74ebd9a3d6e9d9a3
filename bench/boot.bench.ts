// `npm run bench:boot`: time from starting the compiled server (as `npm start` runs it) to its
// first answered request, on an existing database (the demo shop, migrated and seeded). Printed,
// never asserted: it depends on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale, runServer, seedDemo } from '../scripts/shop-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GOAL_MS = 1000;

buildServerIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'shop-boot-'));
try {
  seedDemo(dataDir);
  const times: number[] = [];
  // The first start after seeding is a start like the others (the database exists): all count.
  for (let i = 0; i < RUNS; i++) {
    const server = await runServer(dataDir);
    times.push(server.bootMs);
    await server.stop();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? NaN;
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\nBoot to first answer (compiled server, SQLite, demo shop), ${RUNS} runs:`);
  console.log(`  median ${ms(median)}, min ${ms(times[0] ?? NaN)}, max ${ms(times.at(-1) ?? NaN)}`);
  console.log(`  goal ≤ ${ms(GOAL_MS)}: ${median <= GOAL_MS ? 'met' : 'NOT met'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
