import { Badge, Box, Button, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { BadgeStyle } from './badges';
import { useT } from './messages';
import { CARD_HEIGHT, PHONE_QUERY, ROW_HEIGHT, tableCss } from './table-css';

/** The column a list is sorted by, and which way (what the table shows and the list hook sends). */
export interface SortState<K extends string = string> {
  key: K;
  direction: 'asc' | 'desc';
}

/** How close to the last loaded row the table asks for more (`onEndReached`). */
const END_MARGIN = 20;

/**
 * Where a column's cell goes on a phone, where the rows of a list are cards (below 768 px,
 * docs/product.md §2). Each list names the columns that matter; the others are not shown there.
 * - title: the first line (the row's name; the selection checkbox stays beside it);
 * - subtitle: the line beneath, muted;
 * - meta: further lines, each after its column's header ('Date 12 Mar 2025');
 * - badge: at the end of the first line (a status);
 * - value: at the end of the second line (an amount);
 * - actions: at the end of the card's last line (View, Edit, Delete);
 * - media: a thumbnail at the start, beside the lines.
 */
export type CardRole = 'title' | 'subtitle' | 'meta' | 'badge' | 'value' | 'actions' | 'media';

export interface Column<R> {
  header: string;
  /** Its place on a phone's card; a column without one is left out of the card. */
  card?: CardRole;
  /** CSS width of the column (the table has a fixed layout); the others share what is left. */
  width?: string;
  align?: 'end';
  /** The cell's content: plain elements styled by the classes of `tableCss` (see table-css.ts). */
  cell: (row: R) => ReactNode;
  /** The server's sort key of this column: its header becomes a sort button (see `sort`). */
  sortKey?: string;
}

interface TextColumnOptions<R> {
  width?: string;
  tone?: 'strong' | 'muted';
  sortKey?: string;
  card?: CardRole;
  /**
   * The rows whose text only stands in for a missing value ('Never used', '—'): muted, whatever
   * the column's tone, so that it does not read as data.
   */
  missing?: (row: R) => boolean;
  /** The tooltip when it is not the whole text (undefined: none). */
  title?: (row: R) => string | undefined;
  /** The test id of each cell's text. */
  testId?: string;
}

/** A column of one line of text, cut with an ellipsis; the whole text is its tooltip. */
export function textColumn<R>(
  header: string,
  text: (row: R) => string,
  { width, tone, sortKey, card, missing, title = text, testId }: TextColumnOptions<R> = {},
): Column<R> {
  const classOf = (row: R) => {
    const rowTone = missing?.(row) ? 'muted' : tone;
    return rowTone ? `cell-text cell-${rowTone}` : 'cell-text';
  };
  return {
    header,
    width,
    sortKey,
    card,
    cell: (row) => (
      <span className={classOf(row)} title={title(row)} data-testid={testId}>
        {text(row)}
      </span>
    ),
  };
}

/** A column of right-aligned figures (amounts, counts). */
export function figureColumn<R>(
  header: string,
  figure: (row: R) => ReactNode,
  { width, sortKey, card }: { width: string; sortKey?: string; card?: CardRole },
): Column<R> {
  return { header, width, align: 'end', cell: figure, sortKey, card };
}

type FixedTableProps<R> = Omit<DataTableProps<R>, 'rows' | keyof ServerTableProps>;

/**
 * A DataTable whose props are fixed but for the rows and those of a server-side list. Given as a
 * function, they are made once per mount, in the language of the moment (texts, column headers;
 * a language switch mounts the screens again).
 */
export function serverTable<R>(fixed: FixedTableProps<R> | (() => FixedTableProps<R>)) {
  return function ServerTable({ rows, ...server }: { rows: readonly R[] } & ServerTableProps) {
    const [props] = useState(fixed);
    return <DataTable {...props} {...server} rows={rows} />;
  };
}

/** A column of badges styled by the table (`.badge`): the row's text in the row's style. */
export function badgeColumn<R extends { badge: BadgeStyle }>(
  header: string,
  text: (row: R) => string,
  { width, testId, card }: { width: string; testId: string; card?: CardRole },
): Column<R> {
  return {
    header,
    width,
    card,
    cell: (row) => (
      <span className="badge" data-variant={row.badge} data-testid={testId}>
        {text(row)}
      </span>
    ),
  };
}

/** A column of Chakra badges: the row's status named by `label`, in the colour `palettes` give it. */
export function paletteBadgeColumn<R, S extends string>(
  header: string,
  status: (row: R) => S,
  {
    width,
    palettes,
    label,
    testId,
  }: { width: string; palettes: Record<S, string>; label: (status: S) => string; testId: string },
): Column<R> {
  return {
    header,
    width,
    card: 'badge',
    cell: (row) => (
      <Badge variant="subtle" colorPalette={palettes[status(row)]} data-testid={testId}>
        {label(status(row))}
      </Badge>
    ),
  };
}

/** Checkboxes to select rows (optional): a column before the others, with one to select all. */
export interface RowSelection<R> {
  /** The rowKey of each selected row. */
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** Accessible name of a row's checkbox: 'Select Olive oil'. */
  rowLabel: (row: R) => string;
  /** Accessible name of the checkbox that selects every row shown: 'Select all products'. */
  allLabel: string;
}

export interface DataTableProps<R> {
  /** The rows to show: all of them, or the page the server returned. */
  rows: readonly R[];
  /** How many rows there are in all (server-side paging); defaults to `rows.length`. */
  total?: number;
  /** A new page or sort order is on its way: the rows shown are the previous ones. */
  loading?: boolean;
  /** Must be stable (a module constant or memoised): rows are memoised on their data and these. */
  columns: readonly Column<R>[];
  rowKey: (row: R) => string | number;
  /** Accessible name of the table and of its scroll region. */
  label: string;
  /** Shown instead of the table when `rows` is empty. */
  emptyText: string;
  /** The list is filtered: when it is empty, the message offers Clear filters, which calls this. */
  onClearFilters?: () => void;
  /** Below this width the table scrolls sideways inside its region. */
  minW: string;
  /** The first column stays in view while a narrow screen scrolls the others sideways. */
  stickyFirstColumn?: boolean;
  /** When it changes (a new search), the table scrolls back to its first row. */
  scrollKey?: string;
  /** Controlled sort order (server-side sorting); with `onSortChange`, sortable headers. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /**
   * The rows in view came within a few rows of the last one (server-side paging: load the next
   * page). Called again as the view moves; the caller ignores calls while a page is loading.
   */
  onEndReached?: () => void;
  selection?: RowSelection<R>;
  testId?: string;
}

/** The props a server-side list gives its table (useServerList, useListSort). */
export type ServerTableProps = Pick<
  DataTableProps<unknown>,
  'total' | 'loading' | 'sort' | 'onSortChange' | 'onEndReached' | 'scrollKey'
>;

/*
 * Performance, 1,000 orders and 1,000 / 5,000 products in Chromium on a 2-core machine (medians of
 * 3, noisy): mounting the orders list took 134 ms virtualised, 806 ms with every row as plain
 * elements and 4.7 s with every row as Chakra components; the products screen 0.1–0.17 s
 * virtualised against 3.3–7.0 s with Chakra rows (10.9 s for 5,000), 4–32 ms per keystroke of
 * the search. So only the rows in view plus `overscan` are in the DOM (@tanstack/react-virtual)
 * between two spacer rows that keep the scroll height, aria-rowcount / aria-rowindex give
 * assistive technology the full size, and rows are plain elements styled once by the table's CSS
 * rather than Chakra components (a Chakra element computes its styles when it mounts, and each
 * keystroke brings new rows into view).
 */
function DataTableImpl<R>({
  rows,
  total = rows.length,
  loading = false,
  columns,
  rowKey,
  label,
  emptyText,
  onClearFilters,
  minW,
  stickyFirstColumn = false,
  scrollKey,
  sort,
  onSortChange,
  onEndReached,
  selection,
  testId,
}: DataTableProps<R>) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollKey]);
  // The cards are drawn by the table's CSS alone (no second tree, nothing moves at 768 px); the
  // query only tells the virtualiser that rows are cards, whose height it measures.
  const cards = columns.some((column) => column.card);
  const [phone = false] = useMediaQuery([PHONE_QUERY], { ssr: false });
  const asCards = cards && phone;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's functions are not memoisable; this component is not compiled.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (asCards ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: 8,
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [asCards, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const lastInView = items.at(-1)?.index ?? -1;
  const nearEnd = rows.length > 0 && lastInView >= rows.length - END_MARGIN;
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, lastInView, onEndReached]);

  // A checkbox's label would join the name of its cell (read from its content): the first
  // cells are named by their content alone (aria-labelledby), so rows keep their names.
  const contentId = useId();
  const selected = selection?.selected;
  const allState = useMemo(() => {
    const count = selected ? rows.filter((row) => selected.has(rowKey(row))).length : 0;
    return count === 0 ? 'none' : count === rows.length ? 'all' : 'some';
  }, [rows, rowKey, selected]);
  const onSelect = useMemo(
    () =>
      selection &&
      ((key: string | number, checked: boolean) => {
        const next = new Set(selection.selected);
        if (checked) next.add(key);
        else next.delete(key);
        selection.onChange(next);
      }),
    [selection],
  );

  const head = useMemo(
    () => (
      <Table.Header>
        <Table.Row
          bg="bg.muted"
          aria-rowindex={1}
          // A phone shows the sortable headers as a bar of buttons, named by this (table-css).
          style={
            onSortChange
              ? ({ '--sort-label': JSON.stringify(t('sortBy')) } as CSSProperties)
              : undefined
          }
        >
          {columns.map((column, index) => (
            <Table.ColumnHeader
              key={column.header}
              w={column.width}
              className={column.align === 'end' ? 'cell-end' : undefined}
              aria-sort={onSortChange ? ariaSort(column, sort) : undefined}
              aria-labelledby={index === 0 && selection ? `${contentId}-head` : undefined}
            >
              {index === 0 && selection && (
                <SelectBox
                  label={selection.allLabel}
                  checked={allState === 'all'}
                  indeterminate={allState === 'some'}
                  onChange={(checked) =>
                    selection.onChange(new Set(checked ? rows.map(rowKey) : []))
                  }
                />
              )}
              {index === 0 && selection ? (
                <span id={`${contentId}-head`}>{headerContent(column, sort, onSortChange)}</span>
              ) : (
                headerContent(column, sort, onSortChange)
              )}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
    ),
    [columns, sort, onSortChange, selection, allState, rows, rowKey, contentId, t],
  );

  // No table for no rows: a wide, scrollable table would push the message out of view on phones.
  if (rows.length === 0)
    return (
      <Stack
        align="center"
        gap="3"
        borderWidth="1px"
        rounded="md"
        py="10"
        px="4"
        textAlign="center"
        color="fg.muted"
      >
        <Text>{emptyText}</Text>
        {onClearFilters && <ClearFilters onClick={onClearFilters} />}
      </Stack>
    );

  return (
    <Box
      ref={scrollRef}
      overflow="auto"
      maxH="max(20rem, calc(100dvh - 17rem))"
      borderWidth="1px"
      rounded="md"
      // A scrollable region must be reachable with the keyboard.
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      focusVisibleRing="inside"
      // The virtualiser shows the rows that fit the region's height, which comes from its rows:
      // without a header (a phone's cards need none), it would start empty and stay so.
      style={{ minHeight: `min(${virtualizer.getTotalSize()}px, 20rem)` }}
    >
      <Table.Root
        size="sm"
        stickyHeader
        tableLayout="fixed"
        minW={cards ? { base: '0', md: minW } : minW}
        aria-rowcount={total + 1}
        aria-label={label}
        aria-busy={loading || undefined}
        data-sticky-first={stickyFirstColumn || undefined}
        data-cards={cards || undefined}
        css={tableCss}
      >
        {head}
        <Table.Body>
          {before > 0 && <Spacer height={before} columns={columns.length} />}
          {items.map(({ index }) => {
            const row = rows[index]!;
            const key = rowKey(row);
            return (
              <DataRow
                key={key}
                row={row}
                rowIndex={index + 2}
                measure={asCards ? virtualizer.measureElement : undefined}
                columns={columns as readonly Column<unknown>[]}
                select={
                  selection &&
                  onSelect && {
                    key,
                    contentId: `${contentId}-${key}`,
                    label: selection.rowLabel(row),
                    checked: selection.selected.has(key),
                    onChange: onSelect,
                  }
                }
              />
            );
          })}
          {after > 0 && <Spacer height={after} columns={columns.length} />}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The one table of the list screens: virtualised body inside its own scroll region. */
export const DataTable = memo(DataTableImpl) as typeof DataTableImpl;

/** The empty state's way out of filters that hide every row. */
function ClearFilters({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button size="sm" variant="outline" onClick={onClick}>
      {t('clearFilters')}
    </Button>
  );
}

/** A header's text, or its sort button when the column sorts. */
function headerContent<R>(
  column: Column<R>,
  sort: SortState | undefined,
  onSortChange: ((sort: SortState) => void) | undefined,
) {
  if (!column.sortKey || !onSortChange) return column.header;
  const key = column.sortKey;
  return (
    <button type="button" className="sort" onClick={() => onSortChange(nextSort(key, sort))}>
      {column.header}
    </button>
  );
}

function ariaSort<R>(column: Column<R>, sort: SortState | undefined) {
  if (!column.sortKey) return undefined;
  if (sort?.key !== column.sortKey) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

function nextSort(key: string, sort: SortState | undefined): SortState {
  return { key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' };
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** A plain checkbox (rows are plain elements, see above); `indeterminate` is a DOM property only. */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className="select"
      aria-label={label}
      checked={checked}
      ref={(input) => {
        if (input) input.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

interface RowSelect {
  key: string | number;
  /** The id of the first cell's content, which names that cell. */
  contentId: string;
  label: string;
  checked: boolean;
  onChange: (key: string | number, checked: boolean) => void;
}

/** One row; memoised so that scrolling only renders the rows that come into view. */
const DataRow = memo(
  function DataRow({
    row,
    rowIndex,
    measure,
    columns,
    select,
  }: {
    row: unknown;
    rowIndex: number;
    /** A card's height depends on its content: the virtualiser measures it (phones only). */
    measure: ((element: Element | null) => void) | undefined;
    columns: readonly Column<unknown>[];
    select: RowSelect | undefined;
  }) {
    return (
      <tr
        ref={measure}
        data-index={measure ? rowIndex - 2 : undefined}
        aria-rowindex={rowIndex}
        data-selected={select?.checked || undefined}
      >
        {columns.map((column, index) => (
          <td
            key={column.header}
            className={column.align === 'end' ? 'cell-end' : undefined}
            data-card={column.card}
            data-label={column.card === 'meta' ? column.header : undefined}
            aria-labelledby={index === 0 && select ? select.contentId : undefined}
          >
            {index === 0 && select ? (
              <div className="selectable">
                <SelectBox
                  label={select.label}
                  checked={select.checked}
                  onChange={(checked) => select.onChange(select.key, checked)}
                />
                <div id={select.contentId}>{column.cell(row)}</div>
              </div>
            ) : (
              column.cell(row)
            )}
          </td>
        ))}
      </tr>
    );
  },
  // The selection comes as a new object each render: compare what it holds.
  (a, b) =>
    a.row === b.row &&
    a.rowIndex === b.rowIndex &&
    a.measure === b.measure &&
    a.columns === b.columns &&
    a.select?.checked === b.select?.checked &&
    a.select?.label === b.select?.label &&
    a.select?.contentId === b.select?.contentId &&
    a.select?.onChange === b.select?.onChange,
);
