import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// Stroke icons of the orders and customers screens (24×24, drawn after the Lucide set, ISC
// licence), in the style of src/components/icons.tsx; kept here so parallel work on that file
// cannot collide.
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

export const SearchIcon = stroke(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);

export const ArrowLeftIcon = stroke(
  'ArrowLeftIcon',
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </>,
);

/** Plain SVG (no Chakra element) for the virtualised rows. */
export function EyeSvg() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
