import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// Stroke icons of the dashboard (24×24, drawn after the Lucide set, ISC licence), in the style of
// src/components/icons.tsx; kept here so parallel work on that file cannot collide.
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

export const BanknoteIcon = stroke(
  'BanknoteIcon',
  <>
    <rect width="20" height="12" x="2" y="6" rx="2" />
    <circle cx="12" cy="12" r="2" />
    <path d="M6 12h.01M18 12h.01" />
  </>,
);
export const PlusIcon = stroke(
  'PlusIcon',
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);
export const ActivityIcon = stroke(
  'ActivityIcon',
  <path d="M22 12h-2.48a2 2 0 0 0-1.93 1.46l-2.35 8.36a.25.25 0 0 1-.48 0L9.24 2.18a.25.25 0 0 0-.48 0l-2.35 8.36A2 2 0 0 1 4.49 12H2" />,
);
