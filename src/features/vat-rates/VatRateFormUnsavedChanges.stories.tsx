import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminScreen } from '@/testing/admin-screen';
import { clickEditButton, dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { paths } from '@/lib/paths';
import { VatRatesPage } from './VatRatesPage';

/** Closing the Edit VAT Rate dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'VAT Rates/VatRateForm/Unsaved changes',
  component: VatRatesPage,
  ...adminScreen(paths.vatRates.list),
} satisfies Meta<typeof VatRatesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = dialogFormGuardStories({
  name: 'Edit VAT Rate',
  open: clickEditButton('Edit TVA intermédiaire'),
  field: (dialog) => dialog.getByLabelText(/^Name/),
  text: ' (réduite)',
  save: submitAndWait('Update', 'PATCH', /^\/api\/v1\/admin\/vat-rates\/\d+$/),
});

export const CloseAsksWhenChanged: Story = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking: Story = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged: Story = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged: Story = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking: Story = stories.SaveClosesWithoutAsking;
