import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { paths } from '@/lib/paths';
import { adminScreen } from '@/testing/admin-screen';
import { expectLocation } from '@/testing/story';
import { OrdersPage } from '../OrdersPage';

function NewOrderStandIn() {
  return <Text data-testid="new-order-stand-in">Create order</Text>;
}
function DraftsStandIn() {
  return <Text data-testid="drafts-stand-in">Drafts</Text>;
}

/** 'Drafts' and 'Create order' beside the orders list's title (docs/product.md §10.23). */
const meta = {
  title: 'Orders/StaffOrderActions',
  component: OrdersPage,
  ...adminScreen(paths.orders.list, {
    routes: [
      [paths.orders.create, NewOrderStandIn],
      [paths.orders.drafts, DraftsStandIn],
      [paths.orders.list, OrdersPage],
    ],
  }),
} satisfies Meta<typeof OrdersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CreateOrder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const create = await canvas.findByRole('link', { name: 'Create order' }, { timeout: 5000 });
    await userEvent.click(create);
    await expectLocation(canvasElement, paths.orders.create);
    await expect(canvas.getByTestId('new-order-stand-in')).toBeVisible();
  },
};

export const Drafts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: 'Drafts' }, { timeout: 5000 }));
    await expectLocation(canvasElement, paths.orders.drafts);
    await expect(canvas.getByTestId('drafts-stand-in')).toBeVisible();
  },
};
