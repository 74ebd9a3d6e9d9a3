import type { SystemStyleObject } from '@chakra-ui/react';

/** Row height in px: cells never wrap (long texts are truncated), so no row needs measuring. */
export const ROW_HEIGHT = 52;

/** The table's styles, set once: rows are plain elements with these classes (see DataTable). */
export const tableCss: SystemStyleObject = {
  '& tbody td': {
    px: '2',
    py: '0',
    h: `${ROW_HEIGHT}px`,
    borderBottomWidth: '1px',
    verticalAlign: 'middle',
  },
  '& thead th': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  // On the cells, not the row: a sticky cell must hide what scrolls beneath it.
  '& tbody tr[aria-rowindex] > td': { bg: 'bg' },
  '& tbody tr[aria-rowindex]:hover > td': { bg: 'bg.subtle' },
  '&[data-sticky-first] tr[aria-rowindex] > :first-of-type': {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    borderInlineEndWidth: '1px',
  },
  '&[data-sticky-first] thead tr > :first-of-type': { bg: 'bg.muted', zIndex: 2 },
  // Row actions stay in view on a narrow screen (phones, docs/product.md §2): a last column holding
  // them is pinned to the inline end while the others scroll beneath it. One rule, read from the
  // cells' content, so every list gets it without declaring anything; in every row, also those
  // without an action (a movement without an order), or the column beneath would show through.
  '&:has(tbody td:last-child :is(.actions, .row-action)) tbody tr[aria-rowindex] > td:last-child': {
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 1,
    borderInlineStartWidth: '1px',
  },
  '&:has(tbody td:last-child :is(.actions, .row-action)) thead tr > :last-child': {
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 2,
    bg: 'bg.muted',
    borderInlineStartWidth: '1px',
  },
  '&[aria-busy] tbody': { opacity: 0.6 },
  // Cells read in their own direction, as with dir="auto" ('+3', an e-mail, an English product
  // name in an Arabic table), but keep the column's side: 'left' and 'right' are mirrored in
  // right-to-left languages (the RTL style cache, components/ui/direction.tsx), where 'start' and
  // 'end' would follow each cell's own direction. And a cut text loses its end, not its start.
  '& td.cell-end, & th.cell-end': {
    textAlign: 'right',
    unicodeBidi: 'plaintext',
    whiteSpace: 'nowrap',
  },
  '& .cell-text': {
    textAlign: 'left',
    unicodeBidi: 'plaintext',
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .cell-strong': { fontWeight: 'medium' },
  '& .cell-muted': { color: 'fg.muted' },
  '& .cell-small': { fontSize: 'xs' },
  '& .cell-nowrap': { whiteSpace: 'nowrap' },
  '& .cell-numeric': { fontVariantNumeric: 'tabular-nums' },
  // Row selection (DataTable's `selection`).
  '& .selectable': { display: 'flex', alignItems: 'center', gap: '2', minW: 0 },
  '& .selectable > :not(.select)': { flex: 1, minW: 0 },
  '& thead .select': { marginInlineEnd: '2' },
  '& .select': {
    boxSize: '4',
    cursor: 'pointer',
    verticalAlign: 'middle',
    accentColor: 'colorPalette.solid',
  },
  '& tbody tr[data-selected] > td': { bg: 'bg.muted' },
  '& .sort': { font: 'inherit', cursor: 'pointer', _hover: { textDecoration: 'underline' } },
  // The Badge recipe's looks (solid / subtle), as classes: data-variant is the product description's style name.
  // A block container (inline-block) with one line as tall as the recipe's badge, so that
  // ::first-letter applies.
  '& .badge': {
    display: 'inline-block',
    lineHeight: '5',
    minH: '5',
    px: '2',
    borderRadius: 'l2',
    textStyle: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    colorPalette: 'gray',
    bg: 'colorPalette.solid',
    color: 'colorPalette.contrast',
  },
  // The first letter only ('En attente', not 'En Attente', as text-transform: capitalize wrote).
  '& .badge::first-letter': { textTransform: 'uppercase' },
  '& .badge[data-variant=secondary]': { bg: 'colorPalette.subtle', color: 'colorPalette.fg' },
  '& .badge[data-variant=destructive]': { colorPalette: 'red' },
  // 'Active' / 'Inactive'.
  '& .status': {
    display: 'inline-flex',
    alignItems: 'center',
    minH: '5',
    px: '1.5',
    borderRadius: 'l2',
    textStyle: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
    colorPalette: 'gray',
  },
  '& .status[data-active]': { colorPalette: 'green' },
  // A labelled button or link at the end of a row ('View', 'View Orders', 'Reactivate'), pinned;
  // `.row-link` looks the same but is data, not pinned (the ledger's order: on a phone, pinning it
  // would hide the variant and the change beneath a column of dashes).
  '& .row-action, & .row-link': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1.5',
    h: '8',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    textStyle: 'sm',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    bg: 'bg',
    cursor: 'pointer',
    outline: '0',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    _hover: { bg: 'bg.muted' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    focusVisibleRing: 'outside',
    '& svg': { boxSize: '4' },
  },
  // The icon buttons of RowActions (edit, delete).
  '& .actions': { display: 'flex', gap: '1', justifyContent: 'flex-end', alignItems: 'center' },
  '& .action': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '8',
    borderRadius: 'l2',
    colorPalette: 'gray',
    color: 'colorPalette.fg',
    cursor: 'pointer',
    outline: '0',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    _hover: { bg: 'colorPalette.subtle' },
    focusVisibleRing: 'outside',
    '& svg': { boxSize: '4' },
  },
  '& .action[data-danger]': { colorPalette: 'red' },
};
