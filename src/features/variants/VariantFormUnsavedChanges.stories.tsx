import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser } from '@mocks/fixtures';
import { variants } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { AdminLayout } from '@/components/layout/AdminLayout';
import { dialogFormGuardPlays } from '@/testing/unsaved-changes';
import { bagVariants } from './story-fixtures';
import { VariantsManager } from './VariantsManager';

/** Closing the Edit Variant dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'Variants/VariantForm/Unsaved changes',
  component: VariantsManager,
  args: { productId: 1 },
  decorators: [
    (Story) => (
      <AdminLayout>
        <Story />
      </AdminLayout>
    ),
  ],
  parameters: {
    route: '/admin/products/1',
    auth: { userType: 'admin', user: adminUser },
    msw: { handlers: [variants.list(bagVariants), variants.update()] },
  },
} satisfies Meta<typeof VariantsManager>;
export default meta;
type Story = StoryObj<typeof meta>;

const plays = dialogFormGuardPlays({
  name: 'Edit Variant',
  open: async (canvasElement) => {
    const camel = await within(canvasElement).findByRole('row', { name: /\bSAC-CABAS-CML\b/ });
    const edit = within(camel).getByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
  },
  field: (dialog) => dialog.getByLabelText(/^Variant Title/),
  text: ' clair',
  save: async (dialog) => {
    await userEvent.click(dialog.getByRole('button', { name: 'Update Variant' }));
    await requests.waitFor('PATCH', '/api/v1/admin/variants/1');
  },
});

export const CloseAsksWhenChanged: Story = { play: plays.closeAsksWhenChanged };
export const UnchangedClosesWithoutAsking: Story = { play: plays.unchangedClosesWithoutAsking };
export const BrowserBackAsksWhenChanged: Story = { play: plays.browserBackAsksWhenChanged };
export const BeforeUnloadOnlyWhenChanged: Story = { play: plays.beforeUnloadOnlyWhenChanged };
export const SaveClosesWithoutAsking: Story = { play: plays.saveClosesWithoutAsking };
