import { ChakraProvider } from '@chakra-ui/react';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { DirectionProvider } from './direction';
import { system } from './theme';

const InScope = createContext(false);

/**
 * Chakra's provider (the console's system, its global styles), the language's direction and the
 * colour mode around what is drawn with Chakra,
 * once: inside another scope it adds nothing. Not around the whole app, so that the sign-in page
 * (plain CSS) loads none of Chakra; each part that uses Chakra and may be reached outside a scope
 * (the routes but /auth, the toaster, the confirmation dialog) brings it, loaded with its code.
 */
export function ChakraScope({ children }: { children: ReactNode }) {
  if (useContext(InScope)) return children;
  return (
    <InScope value>
      <DirectionProvider>
        <ChakraProvider value={system}>
          <ColorModeProvider>{children}</ColorModeProvider>
        </ChakraProvider>
      </DirectionProvider>
    </InScope>
  );
}

/** `Component` inside a ChakraScope (for what is loaded on demand: pages, dialogs). */
export function withChakraScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Scoped(props: P) {
    return (
      <ChakraScope>
        <Component {...props} />
      </ChakraScope>
    );
  };
}
