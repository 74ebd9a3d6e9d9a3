import { Button, Flex } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { FormSection, PasswordField } from '@/components/form';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { useT } from '../messages';
import {
  EMPTY_PASSWORD_FORM,
  validatePasswordForm,
  type PasswordFormErrors,
  type PasswordFormValues,
} from './password-form';

export interface ChangePasswordFormProps {
  /**
   * Sends the change; resolves with the server's reasons by field when it was refused (shown on
   * the fields), or nothing when it was made (the form empties) or failed otherwise (the
   * container toasts).
   */
  onSubmit: (values: PasswordFormValues) => Promise<PasswordFormErrors | 'changed' | void>;
}

/** My account's Password section: the current password, the new one twice, 'Change password'. */
export function ChangePasswordForm({ onSubmit }: ChangePasswordFormProps) {
  const t = useT();
  const form = useFormik<PasswordFormValues>({
    initialValues: EMPTY_PASSWORD_FORM,
    validate: (values) => validatePasswordForm(values).errors,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit(values);
      if (outcome === 'changed') helpers.resetForm();
      else if (outcome && Object.keys(outcome).length > 0) {
        helpers.setErrors(outcome);
        // Shown at once, whether or not the field was visited.
        void helpers.setTouched(
          { current_password: true, new_password: true, confirm_password: true },
          false,
        );
      }
    },
  });
  useUnsavedChangesGuard(form.dirty);
  const { values, errors, touched, handleBlur, setFieldValue, isSubmitting } = form;
  const bind = (name: keyof PasswordFormValues) => ({
    name,
    value: values[name],
    onChange: (value: string) => void setFieldValue(name, value),
    onBlur: handleBlur,
    error: touched[name] ? errors[name] : undefined,
    disabled: isSubmitting,
    required: true,
  });

  return (
    <FormSection title={t('passwordTitle')} description={t('passwordDescription')}>
      <form onSubmit={form.handleSubmit} noValidate aria-label={t('passwordForm')}>
        <Flex direction="column" gap="5" maxW="md">
          <PasswordField
            {...bind('current_password')}
            label={t('currentPassword')}
            autoComplete="current-password"
          />
          <PasswordField
            {...bind('new_password')}
            label={t('newPassword')}
            helperText={t('newPasswordHelper')}
          />
          <PasswordField {...bind('confirm_password')} label={t('confirmPassword')} />
          <Button
            type="submit"
            alignSelf="flex-start"
            loading={isSubmitting}
            loadingText={t('changingPassword')}
          >
            {t('changePassword')}
          </Button>
        </Flex>
      </form>
    </FormSection>
  );
}
