import { Text } from '@chakra-ui/react';
import type { Passkey } from '@generated/model';
import { FormDialog, TextField, useFormDialog, type ItemFormDialogProps } from '@/components/form';
import { useT } from './messages';
import { PASSKEY_NAME_MAX, validatePasskeyName, type PasskeyNameValues } from './passkey-form';

/**
 * The name of a new passkey (item null: 'Add a passkey', then the browser's prompt) or of one
 * to rename. Mounted afresh at each opening.
 */
export function PasskeyNameDialog(props: ItemFormDialogProps<Passkey, PasskeyNameValues>) {
  const t = useT();
  const { editing, bind, dialog } = useFormDialog(props, {
    values: { empty: { name: '' }, of: (passkey) => ({ name: passkey.name }) },
    validate: validatePasskeyName,
    titles: [t('addTitle'), t('renameTitle')],
  });
  return (
    <FormDialog {...dialog} submitLabel={editing ? t('rename') : t('addSubmit')}>
      <TextField
        label={t('name')}
        required
        {...bind('name')}
        maxLength={PASSKEY_NAME_MAX}
        helperText={t('nameHelper')}
        autoComplete="off"
      />
      {!editing && (
        <Text fontSize="sm" color="fg.muted">
          {t('addHelp')}
        </Text>
      )}
    </FormDialog>
  );
}
