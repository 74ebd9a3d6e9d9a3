import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { adminUser } from '@mocks/fixtures';
import { AdminLayout } from '@/components/layout/AdminLayout';
import { expectCard, expectInView } from '@/testing/phone-cards';
import {
  DataTable,
  figureColumn,
  textColumn,
  type Column,
  type DataTableProps,
  type SortState,
} from './DataTable';
import { RowActions, StatusBadge } from './RowActions';

interface Row {
  id: number;
  name: string;
  sku: string;
  brand: string;
  category: string;
}

const ROWS: readonly Row[] = Array.from({ length: 5 }, (_, index) => ({
  id: index + 1,
  name: `Olive oil ${index + 1}`,
  sku: `OIL-${1000 + index}`,
  brand: 'Zitouna',
  category: 'Pantry',
}));

// Wider than a phone on purpose: the table scrolls sideways, the actions must not.
const COLUMNS: readonly Column<Row>[] = [
  textColumn('Name', (row) => row.name, { width: '12rem', tone: 'strong' }),
  textColumn('SKU', (row) => row.sku, { width: '8rem' }),
  textColumn('Brand', (row) => row.brand, { width: '10rem' }),
  textColumn('Category', (row) => row.category, { width: '10rem' }),
  {
    header: 'Actions',
    width: '6rem',
    align: 'end',
    cell: (row) => <RowActions name={row.name} edit={() => undefined} onDelete={() => undefined} />,
  },
];

/** The five products in a table wider than a phone, in the admin layout; `props` add the rest. */
function ProductsTable(props: Pick<DataTableProps<Row>, 'columns'> & Partial<DataTableProps<Row>>) {
  return (
    <AdminLayout>
      <DataTable
        rows={ROWS}
        rowKey={(row) => row.id}
        label="Products"
        emptyText="No products found"
        minW="46rem"
        stickyFirstColumn
        {...props}
      />
    </AdminLayout>
  );
}

/** The list screens' table at phone width, in the admin layout. */
const meta = {
  title: 'Lists/DataTable',
  render: () => <ProductsTable columns={COLUMNS} />,
  parameters: { route: '/admin/products', auth: { userType: 'admin', user: adminUser } },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every row's edit and delete buttons lie inside the 375px screen, without sideways scrolling. */
async function expectActionsInView(canvasElement: HTMLElement, names = /^(Edit|Delete) Olive oil/) {
  await expect(window.innerWidth).toBe(375);
  // The page itself never scrolls sideways; only the table's own region does.
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  const table = await within(canvasElement).findByRole('table', { name: 'Products' });
  // The virtualiser draws the rows once it knows the region's height: wait for them.
  const buttons = await within(table).findAllByRole('button', { name: names });
  await expect(buttons).toHaveLength(ROWS.length * 2);
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  }
}

export const Phone: Story = {
  play: async ({ canvasElement }) => expectActionsInView(canvasElement),
};

/** The pinned cells keep an opaque background in dark mode too. */
export const PhoneDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectActionsInView(canvasElement);
    const cell = within(canvasElement).getAllByRole('cell').at(-1)!;
    await expect(getComputedStyle(cell).position).toBe('sticky');
    await expect(getComputedStyle(cell).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  },
};

/** Arabic: the actions are pinned at the inline end, the left, and still in view. */
export const PhoneArabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.dir).toBe('rtl');
    await expectActionsInView(canvasElement, /^(تعديل|حذف) Olive oil/);
    // A Latin text reads in its own direction: 'OIL-1000', not '1000-OIL' as beside Arabic words,
    // and keeps the column's side, the right.
    const sku = within(canvasElement).getByText('OIL-1000');
    const text = sku.firstChild!;
    const part = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect();
    };
    await expect(part(0, 3).left).toBeLessThan(part(4, 8).left);
    const cell = sku.closest('td')!.getBoundingClientRect();
    await expect(cell.right - part(0, 8).right).toBeLessThanOrEqual(9); // the cell's padding
  },
};

// The same rows with card roles (Column.card): below 768 px each row is a card.
const CARD_COLUMNS: readonly Column<Row>[] = [
  textColumn('Name', (row) => row.name, { width: '12rem', tone: 'strong', card: 'title' }),
  textColumn('SKU', (row) => row.sku, { width: '8rem', card: 'subtitle' }),
  // Not on the card.
  textColumn('Brand', (row) => row.brand, { width: '10rem' }),
  textColumn('Category', (row) => row.category, { width: '10rem', card: 'meta' }),
  figureColumn('Stock', (row) => String(row.id * 4), {
    width: '5rem',
    card: 'value',
    sortKey: 'stock',
  }),
  {
    header: 'Status',
    width: '6rem',
    card: 'badge',
    cell: () => <StatusBadge active />,
  },
  {
    header: 'Actions',
    width: '6rem',
    align: 'end',
    card: 'actions',
    cell: (row) => <RowActions name={row.name} edit={() => undefined} onDelete={() => undefined} />,
  },
];

/** A list with card roles, selection and a sortable column, as the list screens have them. */
function CardList() {
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const [sort, setSort] = useState<SortState>({ key: 'stock', direction: 'asc' });
  return (
    <ProductsTable
      columns={CARD_COLUMNS}
      sort={sort}
      onSortChange={setSort}
      selection={{
        selected,
        onChange: setSelected,
        rowLabel: (row) => `Select ${row.name}`,
        allLabel: 'Select all products',
      }}
    />
  );
}

/**
 * On a phone each row is a card with the columns that have a card role (Brand has none), in
 * view; the row's and the select-all checkboxes, the actions and the sort button still work.
 */
export const PhoneCards: Story = {
  render: () => <CardList />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await expectCard(canvasElement, {
      table: 'Products',
      name: 'Olive oil 2',
      fields: ['Olive oil 2', 'OIL-1001', 'Pantry', '8', 'Active', ''],
    });
    await expect(within(card).getByText('Zitouna')).not.toBeVisible();
    await expect(getComputedStyle(within(card).getByText('Pantry').closest('td')!).position).toBe(
      'static',
    );
    for (const name of ['Select Olive oil 2', 'Edit Olive oil 2', 'Delete Olive oil 2']) {
      const control = within(card).getByRole(name.startsWith('Select') ? 'checkbox' : 'button', {
        name,
      });
      await expectInView(control);
    }
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Select Olive oil 2' }));
    await expect(card).toHaveAttribute('data-selected', 'true');
    const all = canvas.getByRole('checkbox', { name: 'Select all products' });
    await expectInView(all);
    await expect(all).toHaveProperty('indeterminate', true);
    // Stock sorts ascending; its button, above the cards, sorts descending.
    const stock = canvas.getByRole('columnheader', { name: 'Stock' });
    await expectInView(stock);
    await userEvent.click(within(stock).getByRole('button', { name: 'Stock' }));
    await expect(stock).toHaveAttribute('aria-sort', 'descending');
  },
};

/** Arabic: the card reads right to left, its fields still in view. */
export const PhoneCardsArabic: Story = {
  render: () => <CardList />,
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.dir).toBe('rtl');
    const card = await expectCard(canvasElement, {
      table: 'Products',
      name: 'Olive oil 1',
      fields: ['Olive oil 1', 'OIL-1000', 'Pantry', '4', 'نشط', ''],
    });
    // The title at the start, the right; the status at the end, the left.
    const title = within(card).getByText('Olive oil 1').getBoundingClientRect();
    const status = within(card).getByText('نشط').getBoundingClientRect();
    await expect(status.right).toBeLessThan(title.left);
  },
};

/** From 768 px up the same list is a table: rows are table rows, every column shown. */
export const TabletTable: Story = {
  render: () => <CardList />,
  globals: { viewport: { value: 'tablet768', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(768);
    const table = await within(canvasElement).findByRole('table', { name: 'Products' });
    const [row] = await within(table).findAllByRole('row', { name: /Olive oil 1/ });
    await expect(getComputedStyle(row!).display).toBe('table-row');
    await expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Olive oil 1', 'OIL-1000', 'Zitouna', 'Pantry', '4', 'Active', '']);
    await expect(within(canvasElement).getAllByRole('columnheader')).toHaveLength(7);
  },
};
