import { lazy, type ComponentType } from 'react';

/** A route's screen, loaded on demand; `load` starts loading it before it renders. */
export type LazyPage = ComponentType & { load: () => Promise<unknown> };

/**
 * Route-level code splitting for pages with named exports:
 * `lazyPage(() => import('@/features/x/XPage'), 'XPage')`.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  // The browser loads a module once: `load` and React's own call share the request.
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { load },
  );
}

/**
 * lazyPage for a page drawn with Chakra: Chakra's provider (ChakraScope) loads beside it and
 * wraps it, so that no page pays for Chakra unless it uses it.
 */
export function lazyChakraPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  return lazyPage(async () => {
    const [page, { withChakraScope }] = await Promise.all([
      load(),
      import('@/components/ui/chakra-scope'),
    ]);
    return { Page: withChakraScope(page[name] as ComponentType) };
  }, 'Page');
}
