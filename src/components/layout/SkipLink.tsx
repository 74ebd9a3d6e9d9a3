import { chakra } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { useT } from './messages';

// Above the page's top edge until focused, then over the header's start corner.
const SKIP_LINK_CSS = {
  position: 'fixed',
  top: '2',
  insetInlineStart: '2',
  zIndex: 'skipLink',
  paddingInline: '4',
  paddingBlock: '2',
  borderRadius: 'md',
  border: '2px solid',
  borderColor: 'colorPalette.focusRing',
  background: 'bg.panel',
  color: 'fg',
  fontWeight: 'medium',
  transform: 'translateY(-200%)',
  _focus: { transform: 'none' },
} as const;

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
      css={SKIP_LINK_CSS}
    >
      {t('skipToContent')}
    </chakra.a>
  );
}
