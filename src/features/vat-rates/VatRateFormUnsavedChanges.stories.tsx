import { adminScreenMeta } from '@/testing/admin-screen';
import { clickEditButton, dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { paths } from '@/lib/paths';
import { VatRatesPage } from './VatRatesPage';

/** Closing the Edit VAT Rate dialog or leaving the page with unsaved changes asks first. */
export default {
  title: 'VAT Rates/VatRateForm/Unsaved changes',
  ...adminScreenMeta(VatRatesPage, paths.vatRates.list),
};

const stories = dialogFormGuardStories({
  name: 'Edit VAT Rate',
  field: (dialog) => dialog.getByLabelText(/^Name/),
  text: ' (réduite)',
  open: clickEditButton('Edit TVA intermédiaire'),
  save: submitAndWait('Update', 'PATCH', /^\/api\/v1\/admin\/vat-rates\/\d+$/),
});

export const CloseAsksWhenChanged = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking = stories.SaveClosesWithoutAsking;
