import { Icon, type IconProps } from '@chakra-ui/react';

/** ← (drawn after the Lucide set, ISC licence). */
export function ArrowLeftIcon(props: IconProps) {
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
        <path d="m12 19-7-7 7-7" />
        <path d="M19 12H5" />
      </svg>
    </Icon>
  );
}
