import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '@/lib/paths';
import { expectedMoney as money, expectedShopTime } from '@/testing/expected';
import { adminScreen } from '@/testing/admin-screen';
import { expectCard } from '@/testing/phone-cards';
import { expectToast, findOpenDialog } from '@/testing/story';
import { draftOrders as drafts } from '@mocks/fixtures/draft-orders';
import { draftOrders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { DraftsPage } from './DraftsPage';

function DraftStandIn() {
  return <Text data-testid="draft-stand-in">Draft</Text>;
}

/** The drafts an admin left (/admin/orders/drafts) over the mock API. */
const meta = {
  title: 'Orders/DraftsPage',
  component: DraftsPage,
  ...adminScreen(paths.orders.drafts, {
    routes: [
      [paths.orders.drafts, DraftsPage],
      [paths.orders.draftPattern, DraftStandIn],
    ],
  }),
} satisfies Meta<typeof DraftsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each draft with its customer, lines, total; Open continues it. */
export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Draft orders' }, { timeout: 5000 });
    const amira = await canvas.findByRole('row', { name: /Amira Ben Salah/ }, { timeout: 5000 });
    await expect(amira).toHaveTextContent(money(drafts[0]!.total_amount));
    await expect(canvas.getByRole('row', { name: /Leila Bouazizi/ })).toBeVisible();
    await userEvent.click(
      within(amira).getByRole('link', { name: 'Open the draft of Amira Ben Salah' }),
    );
    await expect(await canvas.findByTestId('draft-stand-in')).toBeVisible();
  },
};

/** Delete asks first, then sends the DELETE and says so. */
export const DeleteWithConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const amira = await canvas.findByRole('row', { name: /Amira Ben Salah/ });
    await userEvent.click(
      within(amira).getByRole('button', { name: 'Delete the draft of Amira Ben Salah' }),
    );
    const dialog = await findOpenDialog('Delete draft', 'alertdialog');
    await expect(dialog).toHaveTextContent(
      'Delete the draft of Amira Ben Salah? Its lines are not kept.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await requests.waitFor('DELETE', '/api/v1/admin/draft-orders/1');
    await expectToast('Success', 'Draft deleted');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [draftOrders.list([])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No draft orders')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [draftOrders.list.loading()] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading drafts...')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [draftOrders.list.error(500)] } },
  play: async () => {
    await expectToast('Error', 'Failed to load drafts');
  },
};

/** The search goes to the server. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: /Amira Ben Salah/ });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search drafts' }), 'leila');
    await waitFor(() =>
      expect(requests.last('GET', '/api/v1/admin/draft-orders')?.path).toBeDefined(),
    );
    await waitFor(() =>
      expect(canvas.queryByRole('row', { name: /Amira Ben Salah/ })).not.toBeInTheDocument(),
    );
    await expect(canvas.getByRole('row', { name: /Leila Bouazizi/ })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const draft = drafts[0]!;
    await expectCard(canvasElement, {
      table: 'Draft orders',
      name: 'Amira Ben Salah',
      fields: [
        'Amira Ben Salah',
        '2',
        money(draft.total_amount),
        expectedShopTime(draft.updated_at),
        'Open Delete',
      ],
    });
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'مسودات الطلبات' });
  },
};
