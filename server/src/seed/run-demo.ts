// `npm run seed:demo` entry point: migrations, first-start bootstrap, then the demo catalogue
// and the demo customers and orders. With `-- --products N --orders M`, instead of the demo
// data: N products and M orders from the bulk loaders (scale.ts), for trying a large shop.
import { buildApp } from '../app';
import { AccessTokens } from '../auth/access-token';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createMailer } from '../mail/transport';
import { scriptSession } from '../services/identity/refresh-tokens';
import { seedDemo } from './demo';
import { seedDemoOrders } from './demo-orders';
import { scaleArgs, seedScale } from './scale';

async function main() {
  const scale = scaleArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    const first = await bootstrap(database.db, config);
    if (first.generatedAdminPassword) {
      console.log(
        `Created the super admin "${config.adminUsername}", password: ${first.generatedAdminPassword} (shown only this once)`,
      );
    }
    if (first.weakAdminPassword) {
      console.warn(`Warning: ADMIN_PASSWORD is weak (${first.weakAdminPassword}).`);
    }
    const existing = await database.db
      .selectFrom('products')
      .select('id')
      .limit(1)
      .executeTakeFirst();
    if (existing) {
      console.log('The shop already has products; seed:demo only fills an empty catalogue.');
      return;
    }
    if (scale) {
      const started = Date.now();
      const made = await seedScale(database, {
        ...scale,
        now: new Date(),
        shippingNet: config.shippingFlatRateMillimes,
      });
      console.log(
        `Bulk-loaded ${made.products} products (${made.variants} variants) and ${made.orders} orders ` +
          `of ${made.customers} customers in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
      return;
    }
    const admin = await database.db
      .selectFrom('admin_users')
      .select('id')
      .where('role', '=', 'super_admin')
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
    const app = await buildApp({
      db: database.db,
      dialect: database.dialect,
      config,
      tokens,
      mailer: createMailer(config, console),
      now: () => new Date(),
    });
    // The seed acts as the admin through a session of its own, ended when it is done.
    const session = await scriptSession(database.db, tokens, 'admin', admin.id);
    try {
      const adminAuthorization = session.authorization;
      await seedDemo(app, adminAuthorization);
      await seedDemoOrders(
        app,
        database.db,
        { customers: 30, orders: 200, tokens, adminAuthorization },
        new Date(),
      );
    } finally {
      await session.end();
      await app.close();
    }
  } finally {
    await database.close();
  }
}

await main();
