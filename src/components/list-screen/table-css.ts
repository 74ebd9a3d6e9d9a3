import type { SystemStyleObject } from '@chakra-ui/react';

/** Row height in px: cells never wrap (long texts are truncated), so no row needs measuring. */
export const ROW_HEIGHT = 52;

/** A card's height in px before it is measured (three lines); cards are measured. */
export const CARD_HEIGHT = 96;

/** Phones: below Chakra's `md` breakpoint (48rem, 768 px), as `hideFrom="md"` and the sidebar. */
const PHONE = '@media screen and (max-width: 47.9975rem)';
const MIN_MD = '@media screen and (min-width: 48rem)';
export const PHONE_QUERY = PHONE.slice('@media '.length);

/**
 * Pinned columns of a table wider than its region: the first one (`stickyFirstColumn`) and the
 * last one when it holds the row's actions. Row actions stay in view on a narrow screen (phones,
 * docs/product.md §2): a last column holding them is pinned to the inline end while the others
 * scroll beneath it. One rule, read from the cells' content, so every list gets it without
 * declaring anything; in every row, also those without an action (a movement without an order),
 * or the column beneath would show through. Cards need no pinning: on a phone, a table whose
 * columns have card roles is pinned only from 768 px up.
 */
const pinnedColumns: SystemStyleObject = {
  '&[data-sticky-first] tr[aria-rowindex] > :first-of-type': {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    borderInlineEndWidth: '1px',
  },
  '&[data-sticky-first] thead tr > :first-of-type': { bg: 'bg.muted', zIndex: 2 },
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
};

/**
 * Below 768 px, a table whose columns have card roles (Column.card) shows each row as a card: a
 * grid of a start column (media), the main column (title, subtitle, meta lines) and an end column
 * (badge, value, actions), filled top-down in that order. Cells without a role are not shown.
 * The header keeps only what a card cannot hold: the select-all checkbox and the sort buttons.
 */
const cardLayout: SystemStyleObject = {
  display: 'block',
  '& thead, & tbody': { display: 'block' },
  '& thead tr': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '1',
    px: '1',
    py: '1',
  },
  '& thead th': { display: 'none' },
  '& thead th:is(:first-of-type:has(.select), [aria-sort])': {
    display: 'inline-flex',
    alignItems: 'center',
    w: 'auto',
    h: '8',
    px: '2',
    borderWidth: '0',
  },
  '& thead:not(:has(.select, .sort))': { display: 'none' },
  // 'Sort by' names the bar of sort buttons (DataTable sets --sort-label). On the row, not in a
  // button, so the buttons keep their names.
  '& thead tr:has(.sort)::before': {
    content: 'var(--sort-label)',
    color: 'fg.muted',
    textStyle: 'sm',
    ps: '2',
  },
  // A spacer row of the virtualiser keeps its height.
  '& tbody tr:not([aria-rowindex]), & tbody tr:not([aria-rowindex]) > td': { display: 'block' },
  '& tbody tr[aria-rowindex]': {
    display: 'grid',
    gridTemplateColumns: '[main] minmax(0, 1fr) [side] auto',
    gridAutoFlow: 'row dense',
    alignItems: 'center',
    columnGap: '3',
    rowGap: '1',
    px: '3',
    py: '2.5',
    borderBottomWidth: '1px',
    bg: 'bg',
  },
  // The start column only when there is a thumbnail: an empty one would still take a gap.
  '& tbody tr[aria-rowindex]:has(> td[data-card=media])': {
    gridTemplateColumns: '[media] auto [main] minmax(0, 1fr) [side] auto',
  },
  '& tbody tr[aria-rowindex][data-selected]': { bg: 'bg.muted' },
  '& tbody tr[aria-rowindex] > td': {
    display: 'none',
    h: 'auto',
    p: '0',
    borderWidth: '0',
    bg: 'transparent',
    minW: '0',
  },
  '& tbody tr[aria-rowindex] > td[data-card]': { display: 'block' },
  // `order` sets the order of the top-down filling (the title first, whatever its column).
  '& tbody tr[aria-rowindex] > td[data-card=title]': {
    gridColumn: 'main',
    order: 0,
    fontWeight: 'medium',
  },
  '& tbody tr[aria-rowindex] > td[data-card=subtitle]': {
    gridColumn: 'main',
    order: 1,
    color: 'fg.muted',
  },
  '& tbody tr[aria-rowindex] > td[data-card=meta]': {
    gridColumn: 'main',
    order: 2,
    display: 'flex',
    alignItems: 'baseline',
    gap: '1.5',
    textStyle: 'sm',
  },
  // A card grows to its content (cards are measured): a long name or description wraps rather
  // than losing its end.
  '& tbody tr[aria-rowindex] > td[data-card] .cell-text': {
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  // A field with nothing to say (an order without a VAT review) takes no line.
  '& tbody tr[aria-rowindex] > td[data-card=meta]:empty': { display: 'none' },
  '& tbody tr[aria-rowindex] > td[data-card=meta]::before': {
    content: 'attr(data-label)',
    flex: 'none',
    color: 'fg.muted',
    textStyle: 'xs',
  },
  '& tbody tr[aria-rowindex] > td[data-card=meta] > *': { flex: '1', minW: '0' },
  '& tbody tr[aria-rowindex] > td[data-card=badge]': {
    gridColumn: 'side',
    order: 0,
    justifySelf: 'end',
  },
  '& tbody tr[aria-rowindex] > td[data-card=value]': {
    gridColumn: 'side',
    order: 1,
    justifySelf: 'end',
  },
  '& tbody tr[aria-rowindex] > td[data-card=actions]': {
    gridColumn: 'side',
    order: 3,
    justifySelf: 'end',
  },
  '& tbody tr[aria-rowindex] > td[data-card=media]': {
    gridColumn: 'media',
    gridRow: '1 / span 3',
    alignSelf: 'start',
  },
  '& tbody tr[aria-rowindex] > td[data-card=media] .thumb': { boxSize: '12' },
};

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
  '&:not([data-cards])': pinnedColumns,
  [MIN_MD]: { '&[data-cards]': pinnedColumns },
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
  // Up to two lines, then an ellipsis, for a column whose texts are long words or sentences (a
  // payment method in French, a movement's reason): two lines fit in ROW_HEIGHT, so rows keep
  // their height. Aligned and isolated like `.cell-text`.
  '& .cell-lines': {
    textAlign: 'left',
    unicodeBidi: 'plaintext',
    lineClamp: '2',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    lineHeight: '1.25rem',
  },
  '& .cell-numeric': { fontVariantNumeric: 'tabular-nums' },
  // A row's small square picture (a product's first image), or a neutral square without one.
  '& .thumb': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '9',
    flex: 'none',
    verticalAlign: 'middle',
    objectFit: 'cover',
    borderRadius: 'l1',
    bg: 'bg.muted',
    color: 'fg.subtle',
    '& svg': { boxSize: '4' },
  },
  // A stock figure in its state's colour, as the variants' stock (features/variants/stock.ts):
  // data-state is an InventoryState; low and out of stock add a warning icon.
  '& .stock': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    '& svg': { boxSize: '4', flex: 'none' },
  },
  '& .stock[data-state=in_stock]': { color: 'green.fg' },
  '& .stock[data-state=low_stock]': { color: 'orange.fg', fontWeight: 'semibold' },
  '& .stock[data-state=out_of_stock]': { color: 'red.fg', fontWeight: 'semibold' },
  '& .stock[data-state=not_tracked]': { color: 'fg.muted' },
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
  // Badges stacked in one cell (an order's status, then what holds it back).
  '& .cell-badges': {
    display: 'inline-flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '1',
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
  // Last, so that the cards' rules win over the table's.
  [PHONE]: { '&[data-cards]': cardLayout },
};
