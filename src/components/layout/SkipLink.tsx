import { chakra } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { useT } from './messages';

/** The id of the admin layout's `main`: the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * 'Skip to content': the first thing Tab reaches, hidden until focused; it moves focus into
 * `main`, past the sidebar and the header. Focus is moved by script too, since the memory and
 * browser routers must not see a #hash.
 */
export function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  const t = useT();
  return (
    <chakra.a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        main.current?.focus();
      }}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipLink"
      px="4"
      py="2"
      rounded="md"
      bg="bg.panel"
      color="fg"
      fontWeight="medium"
      borderWidth="2px"
      borderColor="colorPalette.focusRing"
      transform="translateY(-200%)"
      _focus={{ transform: 'none' }}
    >
      {t('skipToContent')}
    </chakra.a>
  );
}
