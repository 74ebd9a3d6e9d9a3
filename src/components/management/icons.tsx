import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// Stroke icons of the management screens (categories, VAT rates, users): 24×24, drawn after the
// Lucide set (ISC licence), in the style of src/components/icons.tsx.
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
export const PencilIcon = stroke(
  'PencilIcon',
  <>
    <path d="M21.17 6.81a1 1 0 0 0-3.99-3.99L3.84 16.17a2 2 0 0 0-.5.83l-1.32 4.35a.5.5 0 0 0 .62.62l4.35-1.32a2 2 0 0 0 .83-.5z" />
    <path d="m15 5 4 4" />
  </>,
);
export const TrashIcon = stroke(
  'TrashIcon',
  <>
    <path d="M3 6h18" />
    <path d="M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6" />
    <path d="M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2" />
  </>,
);
export const EyeIcon = stroke(
  'EyeIcon',
  <>
    <path d="M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = stroke(
  'EyeOffIcon',
  <>
    <path d="M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68" />
    <path d="M6.61 6.61A13.53 13.53 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61" />
    <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24" />
    <path d="m2 2 20 20" />
  </>,
);
