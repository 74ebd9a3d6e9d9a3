import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { adminUser } from '@mocks/fixtures';
import { AdminLayout } from '@/components/layout/AdminLayout';
import { DataTable, textColumn, type Column } from './DataTable';
import { RowActions } from './RowActions';

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

/** The list screens' table at phone width, in the admin layout. */
const meta = {
  title: 'Lists/DataTable',
  render: () => (
    <AdminLayout>
      <DataTable
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        label="Products"
        emptyText="No products found"
        minW="46rem"
        stickyFirstColumn
      />
    </AdminLayout>
  ),
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
  const table = within(canvasElement).getByRole('table', { name: 'Products' });
  const buttons = within(table).getAllByRole('button', { name: names });
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
