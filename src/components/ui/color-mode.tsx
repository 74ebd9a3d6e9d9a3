import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';

/** Where the choice is kept; public/boot.js reads the same key before the first paint. */
const COLOR_MODE_STORAGE_KEY = 'theme';

/**
 * Light or dark: the system's preference until the admin picks one in the header (remembered in
 * this browser). Chakra's semantic tokens switch on the `dark` class of <html>.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey={COLOR_MODE_STORAGE_KEY}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void } {
  const { resolvedTheme, setTheme } = useTheme();
  return {
    colorMode: resolvedTheme === 'dark' ? 'dark' : 'light',
    setColorMode: setTheme,
  };
}
