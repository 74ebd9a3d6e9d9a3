/** A row on wider screens, a stack on phones: spread on a Flex (`<Flex {...ROW_FROM_SM}>`). */
export const ROW_FROM_SM = {
  direction: { base: 'column', sm: 'row' },
  align: { base: 'stretch', sm: 'center' },
} as const;
