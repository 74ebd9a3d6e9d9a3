import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { dialogFormGuardPlays } from '@/testing/unsaved-changes';
import { VatRatesPage } from './VatRatesPage';
import { adminScreen } from '@/testing/admin-screen';

/** Closing the Edit VAT Rate dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'VAT Rates/VatRateForm/Unsaved changes',
  component: VatRatesPage,
  ...adminScreen('/admin/vat-rates'),
} satisfies Meta<typeof VatRatesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const plays = dialogFormGuardPlays({
  name: 'Edit VAT Rate',
  open: async (canvasElement) => {
    const canvas = within(canvasElement);
    const edit = await canvas.findByRole('button', { name: 'Edit TVA intermédiaire' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
  },
  field: (dialog) => dialog.getByLabelText(/^Name/),
  text: ' (réduite)',
  save: async (dialog) => {
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await requests.waitFor('PATCH', /^\/api\/v1\/admin\/vat-rates\/\d+$/);
  },
});

export const CloseAsksWhenChanged: Story = { play: plays.closeAsksWhenChanged };
export const UnchangedClosesWithoutAsking: Story = { play: plays.unchangedClosesWithoutAsking };
export const BrowserBackAsksWhenChanged: Story = { play: plays.browserBackAsksWhenChanged };
export const BeforeUnloadOnlyWhenChanged: Story = { play: plays.beforeUnloadOnlyWhenChanged };
export const SaveClosesWithoutAsking: Story = { play: plays.saveClosesWithoutAsking };
