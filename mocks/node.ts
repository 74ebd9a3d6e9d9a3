import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/**
 * The same API for Vitest: `server.listen()` in beforeAll, `server.use(products.list.error(500))`
 * in a test, `server.resetHandlers()` and `requests.clear()` in afterEach.
 */
export const server = setupServer(...defaultHandlers);
export { requests } from './recorder';
