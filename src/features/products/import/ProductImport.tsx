import { useCallback, useState } from 'react';
import { getProductImportTemplate } from '@generated/clients/imports/imports';
import { notify } from '@/components/ui/notify';
import { downloadFile } from '@/lib/download';
import { serverMessage } from '@/lib/http';
import { t } from './messages';
import { ProductImportDialog } from './ProductImportDialog';
import { useProductImport } from './use-product-import';

export interface ProductImportProps {
  open: boolean;
  onClose: () => void;
  /** A file was written: the products list is out of date. */
  onApplied: () => void;
}

/** The products screen's CSV import: the dialog over the import's state and the template. */
export function ProductImport({ open, onClose, onApplied }: ProductImportProps) {
  const [templateBusy, setTemplateBusy] = useState(false);
  const { state, pick, apply, reset, options, setOptions } = useProductImport(
    useCallback(() => {
      onClose();
      onApplied();
    }, [onClose, onApplied]),
  );

  const close = useCallback(() => {
    reset();
    onClose();
  }, [reset, onClose]);

  const downloadTemplate = useCallback(async () => {
    setTemplateBusy(true);
    try {
      await downloadFile(getProductImportTemplate, 'products-template.csv');
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('templateFailed')));
    } finally {
      setTemplateBusy(false);
    }
  }, []);

  return (
    <ProductImportDialog
      open={open}
      state={state}
      onPick={pick}
      onApply={() => void apply()}
      onChooseAnother={reset}
      onClose={close}
      onDownloadTemplate={() => void downloadTemplate()}
      templateBusy={templateBusy}
      options={options}
      onOptionsChange={setOptions}
    />
  );
}
