import { SimpleGrid } from '@chakra-ui/react';
import type { AdminUser } from '@generated/model';
import {
  FormDialog,
  PasswordField,
  SelectField,
  SwitchField,
  TextField,
  useFormDialog,
  type ItemFormDialogProps,
} from '@/components/form';
import { useT } from './messages';
import { roleOptions } from './roles';
import { emptyUserValues, userToValues, validateUser, type UserFormValues } from './user-form';

/**
 * Create/Edit User (docs/product.md §2, §5): role manager by default; a password is required for a new user
 * and, when entered, at least 8 characters; left blank on edit, the current one is kept. An
 * invalid submit shows the product description's message in an error toast and under the fields.
 */
export function UserFormDialog(props: ItemFormDialogProps<AdminUser, UserFormValues>) {
  const t = useT();
  const isNew = props.item === null;
  const { bind, bindSwitch, dialog } = useFormDialog(props, {
    values: { empty: emptyUserValues, of: userToValues },
    validate: (formValues) => validateUser(formValues, isNew),
    titles: [t('createTitle'), t('editTitle')],
    invalidTitle: t('error'),
  });

  return (
    <FormDialog {...dialog}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label={t('username')}
          required
          {...bind('username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField label={t('fullName')} required {...bind('full_name')} autoComplete="off" />
      </SimpleGrid>
      <TextField label={t('email')} required {...bind('email')} type="email" autoComplete="off" />
      <SelectField label={t('role')} required {...bind('role')} options={roleOptions()} />
      <PasswordField
        label={t('password')}
        required={isNew}
        {...bind('password')}
        helperText={isNew ? t('passwordHelperNew') : t('passwordHelperEdit')}
      />
      <SwitchField label={t('active')} {...bindSwitch('is_active')} />
    </FormDialog>
  );
}
