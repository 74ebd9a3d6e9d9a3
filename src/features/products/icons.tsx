import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// Stroke icons of the products list (24×24, drawn after the Lucide set, ISC licence), in the
// style of src/components/icons.tsx; kept here so parallel work on that file cannot collide.
function stroke(name: string, paths: ReactNode) {
  function StrokeIcon(props: IconProps) {
    return (
      <Icon asChild {...props}>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {paths}
        </svg>
      </Icon>
    );
  }
  StrokeIcon.displayName = name;
  return StrokeIcon;
}

export const PlusIcon = stroke(
  'PlusIcon',
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);
export const SearchIcon = stroke(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
const PENCIL = (
  <>
    <path d="M21.17 6.81a1 1 0 0 0-3.98-3.98L3.84 16.17a2 2 0 0 0-.5.83l-1.32 4.35a.5.5 0 0 0 .62.62l4.35-1.32a2 2 0 0 0 .83-.5z" />
    <path d="m15 5 4 4" />
  </>
);
const TRASH = (
  <>
    <path d="M3 6h18" />
    <path d="M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6" />
    <path d="M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2" />
    <line x1="10" x2="10" y1="11" y2="17" />
    <line x1="14" x2="14" y1="11" y2="17" />
  </>
);

/*
 * The same drawings as plain <svg> elements, for the table rows: a Chakra component per row costs
 * style computation on every mount, which adds up while scrolling or filtering (see ProductsTable).
 * Sized by the table's CSS.
 */
function plain(name: string, paths: ReactNode) {
  function PlainIcon() {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {paths}
      </svg>
    );
  }
  PlainIcon.displayName = name;
  return PlainIcon;
}

export const PencilSvg = plain('PencilSvg', PENCIL);
export const TrashSvg = plain('TrashSvg', TRASH);
