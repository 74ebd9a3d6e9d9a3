import { lazy, type ComponentType } from 'react';

/**
 * Route-level code splitting for pages with named exports:
 * `lazyPage(() => import('@/features/x/XPage'), 'XPage')`.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
