// @vitest-environment jsdom
// The order of Chakra's cascade layers is declared first in the page, whatever Emotion inserted
// before (issue #26: a language switch put `@layer recipes` rules before the order, and Chakra's
// reset won over every recipe until a reload). Chromium's cascade itself is checked by the
// Layout/LanguageMenu stories and e2e/language-switch.e2e.ts.
import { expect, it } from 'vitest';
import { declareLayerOrder, LAYER_ORDER_ATTRIBUTE } from './direction';

const ORDER = '@layer reset, base, tokens, recipes;';

it('declares the layers in Chakra’s order once the module loads, first in <head>', () => {
  const first = document.head.firstElementChild;
  expect(first?.hasAttribute(LAYER_ORDER_ATTRIBUTE)).toBe(true);
  expect(first?.textContent).toBe(ORDER);
});

it('goes before styles already in <head>, and once however often it is asked', () => {
  const doc = document.implementation.createHTMLDocument();
  const emotion = doc.createElement('style');
  emotion.dataset.emotion = 'css';
  emotion.textContent = '@layer recipes { .css-1 { border-width: 1px; } }';
  doc.head.append(emotion);
  declareLayerOrder(doc);
  declareLayerOrder(doc);
  const styles = [...doc.head.querySelectorAll('style')];
  expect(styles.map((style) => style.textContent)).toEqual([ORDER, emotion.textContent]);
});
