import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { variants } from '@mocks/handlers';
import { paths } from '@/lib/paths';
import { adminScreen } from '@/testing/admin-screen';
import { dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { bagVariants } from './story-fixtures';
import { VariantsManager } from './VariantsManager';

const screen = adminScreen(paths.products.edit(1));

/** Closing the Edit Variant dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'Variants/VariantForm/Unsaved changes',
  component: VariantsManager,
  args: { productId: 1 },
  decorators: screen.decorators,
  parameters: {
    ...screen.parameters,
    msw: { handlers: [variants.list(bagVariants), variants.update()] },
  },
} satisfies Meta<typeof VariantsManager>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = dialogFormGuardStories({
  name: 'Edit Variant',
  field: (dialog) => dialog.getByLabelText(/^Variant Title/),
  text: ' clair',
  open: async (canvasElement) => {
    const camel = await within(canvasElement).findByRole('row', { name: /\bSAC-CABAS-CML\b/ });
    const edit = within(camel).getByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
  },
  save: submitAndWait('Update Variant', 'PATCH', '/api/v1/admin/variants/1'),
});

export const CloseAsksWhenChanged: Story = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking: Story = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged: Story = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged: Story = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking: Story = stories.SaveClosesWithoutAsking;
