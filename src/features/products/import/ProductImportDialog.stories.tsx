import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { dialog } from '@/testing/list-screen';
import { DEFAULT_IMPORT_OPTIONS } from './product-import';
import { ProductImportDialog } from './ProductImportDialog';

/**
 * The import dialog's upload progress, which the mock cannot hold at a given share: the file
 * is sent (a share of it known), then the server checks or writes it.
 */
const meta = {
  title: 'Products/ProductImportDialog',
  component: ProductImportDialog,
  args: {
    open: true,
    state: { problem: null, sending: null, report: null, refused: null, failure: null },
    onPick: fn(),
    onApply: fn(),
    onChooseAnother: fn(),
    onClose: fn(),
    onDownloadTemplate: fn(),
    templateBusy: false,
    options: DEFAULT_IMPORT_OPTIONS,
    onOptionsChange: fn(),
  },
} satisfies Meta<typeof ProductImportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const sending = (mode: 'dry_run' | 'apply', percent: number | null) => ({
  ...meta.args.state,
  sending: { mode, fileName: 'catalogue.csv', percent },
});

async function expectProgress(title: string, detail: string, value: string | null) {
  const progress = within(
    (await dialog('Import products')).getByRole('status', { name: 'Import progress' }),
  );
  await expect(progress.getByText(title)).toBeVisible();
  await expect(progress.getByText(detail)).toBeVisible();
  const bar = progress.getByRole('progressbar');
  if (value === null) await expect(bar).not.toHaveAttribute('aria-valuenow');
  else await expect(bar).toHaveAttribute('aria-valuenow', value);
}

/** 45 % of the file sent for its dry run: the bar fills. */
export const UploadProgress: Story = {
  args: { state: sending('dry_run', 45) },
  play: async () => {
    await expectProgress('Checking catalogue.csv...', 'Uploading: 45%', '45');
  },
};

/** Sent for apply; the server is writing it: the bar moves without end. */
export const ServerWorking: Story = {
  args: { state: sending('apply', 100) },
  play: async () => {
    await expectProgress('Importing catalogue.csv...', 'Waiting for the server...', null);
  },
};
