// A resource that vitest's hooks open and close around the tests of a describe block.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * Opens the resource before the block's tests (or before each test with `perTest`) and closes it
 * after. The object returned stands for the resource that is open, so a block declares it once as
 * a constant instead of a variable that hooks assign.
 */
export function useOpened<T extends object>(
  open: () => Promise<T>,
  close: (resource: T) => Promise<void>,
  { perTest = false }: { perTest?: boolean } = {},
): T {
  let current: T | undefined;
  (perTest ? beforeEach : beforeAll)(async () => {
    current = await open();
  });
  (perTest ? afterEach : afterAll)(async () => {
    if (current) await close(current);
    current = undefined;
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!current) throw new Error('Open only while tests run');
      return (current as Record<PropertyKey, unknown>)[key];
    },
  });
}
