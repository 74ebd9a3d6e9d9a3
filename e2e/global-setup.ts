import { startShop } from './server';

// One shop for the whole run; its URL reaches the tests through E2E_BASE_URL.
export default async function globalSetup() {
  const shop = await startShop();
  process.env.E2E_BASE_URL = shop.baseURL;
  process.env.E2E_DATA_DIR = shop.dataDir;
  return async () => shop.stop();
}
