/** The badge styles of the console (shadcn names), as docs/product.md gives them for statuses and roles. */
export type BadgeStyle = 'default' | 'secondary' | 'destructive' | 'outline';

/** Chakra props of each badge style (default solid grey, secondary subtle grey, destructive red). */
export const BADGE_PROPS = {
  default: { variant: 'solid', colorPalette: 'gray' },
  secondary: { variant: 'subtle', colorPalette: 'gray' },
  destructive: { variant: 'solid', colorPalette: 'red' },
  outline: { variant: 'outline', colorPalette: 'gray' },
} as const satisfies Record<BadgeStyle, { variant: string; colorPalette: string }>;
