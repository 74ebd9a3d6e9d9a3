import { defineSlotRecipe } from '@chakra-ui/react';

/**
 * Chakra's DateInput recipe, the parts the console uses (size md, variant outline: the look of
 * the inputs beside it). Chakra 3.37 does not export `dateInputSlotRecipe` from
 * '@chakra-ui/react/theme', and its `slotRecipes` object would bring every recipe (theme.ts).
 */
export const dateInputSlotRecipe = defineSlotRecipe({
  className: 'chakra-date-input',
  slots: ['root', 'label', 'control', 'segmentGroup', 'segment', 'hiddenInput'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: { textStyle: 'label' },
    control: { display: 'flex', alignItems: 'center', width: 'full' },
    segmentGroup: {
      flex: '1',
      outline: '0',
      position: 'relative',
      textAlign: 'start',
      borderRadius: 'l2',
      height: 'var(--input-height)',
      minW: 'var(--input-height)',
      display: 'flex',
      alignItems: 'center',
      gap: '1',
      cursor: 'text',
      '--focus-color': 'colors.colorPalette.focusRing',
    },
    segment: {
      borderRadius: 'l1',
      px: '0.5',
      outline: 'none',
      _placeholderShown: { color: 'fg.muted' },
      '&[data-type=literal]': { px: '0', color: 'fg.muted' },
    },
  },
  variants: {
    size: {
      md: { segmentGroup: { textStyle: 'sm', px: '2.5', '--input-height': 'sizes.10' } },
    },
    variant: {
      outline: {
        segmentGroup: {
          bg: 'transparent',
          borderWidth: '1px',
          borderColor: 'border',
          focusRing: 'inside',
          focusRingColor: 'var(--focus-color)',
        },
        segment: { _focus: { bg: 'colorPalette.emphasized', color: 'fg' } },
      },
    },
  },
  defaultVariants: { size: 'md', variant: 'outline' },
});
