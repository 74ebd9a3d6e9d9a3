import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  listSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { dateInputSlotRecipe } from './date-input-recipe';

/**
 * Chakra's default colours where they fail WCAG's 4.5:1 for text (axe-core checks every story in
 * light and dark, .storybook/test-runner.ts): status text on the page and panels, white text on
 * solid green/orange/teal/cyan (buttons, badges, toasts). Ratios against white unless noted.
 */
const contrast = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        fg: {
          // red.500 3.76:1, orange.600 3.56:1, green.600 3.30:1 → 8.4, 7.9, 6.8 (≥ 6 on bg.muted).
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        // Solid backgrounds carrying white `contrast` text: x.600 → x.700 (dark orange has black text).
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        orange: {
          solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } },
        },
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.700}' } } },
        cyan: { solid: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.700}' } } },
      },
    },
    slotRecipes: {
      // The toast's description is faded to 0.8 (white on red.600 falls to 3.53:1).
      toast: { slots: toastSlotRecipe.slots, base: { description: { opacity: '1' } } },
    },
  },
});

/**
 * What is typed reads in its own direction (like dir="auto"): 'INV-', a SKU or an English
 * description in an Arabic form would otherwise show as '-INV' or '.Gift card'. Numbers and dates
 * keep the page's direction (they hold no letter, and would fall back to left-to-right).
 */
function withOwnDirection<R extends typeof inputRecipe | typeof textareaRecipe>(recipe: R): R {
  return {
    ...recipe,
    base: {
      ...recipe.base,
      '&:not([type=number], [type=date], [type=datetime-local])': { unicodeBidi: 'plaintext' },
    },
  };
}

/**
 * Chakra's default theme with the recipes of the components the console uses only (defaultSystem
 * carries every component's recipe: a third of the first load). A component whose recipe is not
 * listed here renders unstyled: add its recipe when you use a new Chakra component.
 */
export const system = createSystem(
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
          checkmark: checkmarkRecipe,
          code: codeRecipe,
          container: containerRecipe,
          heading: headingRecipe,
          icon: iconRecipe,
          input: withOwnDirection(inputRecipe),
          inputAddon: inputAddonRecipe,
          link: linkRecipe,
          separator: separatorRecipe,
          skeleton: skeletonRecipe,
          spinner: spinnerRecipe,
          textarea: withOwnDirection(textareaRecipe),
        },
        slotRecipes: {
          alert: alertSlotRecipe,
          card: cardSlotRecipe,
          checkbox: checkboxSlotRecipe,
          dateInput: dateInputSlotRecipe,
          dialog: dialogSlotRecipe,
          drawer: drawerSlotRecipe,
          field: fieldSlotRecipe,
          list: listSlotRecipe,
          fieldset: fieldsetSlotRecipe,
          menu: menuSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          progress: progressSlotRecipe,
          radioGroup: radioGroupSlotRecipe,
          switch: switchSlotRecipe,
          table: tableSlotRecipe,
          tag: tagSlotRecipe,
          toast: toastSlotRecipe,
          tooltip: tooltipSlotRecipe,
        },
      },
    }),
    contrast,
  ),
);
