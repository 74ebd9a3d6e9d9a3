// The SDK's example (npm run sdk:pack, #31): signs in as an admin, keeps the token pair fresh,
// and reads the shop's figures and first products. Run it with Node 20 or later:
//   SHOP_URL=http://localhost:3000 SHOP_USERNAME=admin SHOP_PASSWORD=… node example.mjs
import {
  adminLogin,
  configureShopApi,
  getDashboardStats,
  listAdminProducts,
  refreshAdminToken,
  ShopApiError,
} from 'vat-back-office-sdk';

const { SHOP_URL = 'http://localhost:3000', SHOP_USERNAME, SHOP_PASSWORD } = process.env;
if (!SHOP_USERNAME || !SHOP_PASSWORD) {
  console.error('Set SHOP_USERNAME and SHOP_PASSWORD (and SHOP_URL if not http://localhost:3000)');
  process.exit(2);
}

// Where the program keeps the session: here in memory.
let tokens = null;
configureShopApi({
  baseURL: SHOP_URL,
  token: () => tokens?.access_token,
  // Access tokens last minutes: on a 401 the SDK calls this once, then sends the request again.
  refresh: async () => {
    if (!tokens) return false;
    tokens = await refreshAdminToken({ refresh_token: tokens.refresh_token });
    return true;
  },
});

try {
  tokens = await adminLogin({ username: SHOP_USERNAME, password: SHOP_PASSWORD });
  const stats = await getDashboardStats();
  console.log(
    `products: ${stats.product_count}, orders: ${stats.order_count}, revenue: ${stats.revenue} TND`,
  );
  const products = await listAdminProducts({ limit: 3 });
  for (const product of products) console.log(`- ${product.name} (${product.slug})`);
} catch (error) {
  if (error instanceof ShopApiError) {
    console.error(`The shop answered ${error.status}: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
