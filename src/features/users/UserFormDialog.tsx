import { SimpleGrid } from '@chakra-ui/react';
import type { AdminRole, AdminUser } from '@generated/model';
import {
  FormDialog,
  PasswordField,
  SelectField,
  SwitchField,
  TextField,
  useFormDialog,
} from '@/components/form';
import { ROLES } from './roles';
import { emptyUserValues, userToValues, validateUser, type UserFormValues } from './user-form';

export interface UserFormDialogProps {
  open: boolean;
  /** The user being edited; null: a new one. */
  user: AdminUser | null;
  /** Saves; the container closes the dialog on success and reports the outcome. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create/Edit User (spec §2, §5): role manager by default; a password is required for a new user
 * and, when entered, at least 8 characters; left blank on edit, the current one is kept. An
 * invalid submit shows the spec's message in an error toast and under the fields.
 */
export function UserFormDialog({ open, user, onSubmit, onClose }: UserFormDialogProps) {
  const isNew = user === null;
  const { values, handleSubmit, errorOf, setField, touch, formik } = useFormDialog({
    initialValues: user ? userToValues(user) : emptyUserValues,
    validate: (formValues) => validateUser(formValues, isNew),
    onSubmit,
    invalidTitle: 'Error',
  });

  return (
    <FormDialog
      open={open}
      title={isNew ? 'Create User' : 'Edit User'}
      submitLabel={isNew ? 'Create' : 'Update'}
      submitting={formik.isSubmitting}
      onSubmit={handleSubmit}
      onClose={onClose}
      dirty={formik.dirty}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Username"
          required
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(username) => setField('username', username)}
          onBlur={touch('username')}
          error={errorOf('username')}
        />
        <TextField
          label="Full Name"
          required
          name="full_name"
          autoComplete="off"
          value={values.full_name}
          onChange={(fullName) => setField('full_name', fullName)}
          onBlur={touch('full_name')}
          error={errorOf('full_name')}
        />
      </SimpleGrid>
      <TextField
        label="Email"
        required
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(email) => setField('email', email)}
        onBlur={touch('email')}
        error={errorOf('email')}
      />
      <SelectField
        label="Role"
        required
        name="role"
        value={values.role}
        onChange={(role) => setField('role', role as AdminRole)}
        error={errorOf('role')}
        options={ROLES}
      />
      <PasswordField
        label="Password"
        required={isNew}
        name="password"
        value={values.password}
        onChange={(password) => setField('password', password)}
        onBlur={touch('password')}
        error={errorOf('password')}
        helperText={isNew ? 'At least 8 characters' : 'Leave blank to keep the current password'}
      />
      <SwitchField
        label="Active"
        name="is_active"
        checked={values.is_active}
        onChange={(checked) => setField('is_active', checked)}
      />
    </FormDialog>
  );
}
