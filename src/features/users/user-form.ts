import { boolean, object, string } from 'yup';
import type { AdminRole, AdminUser, AdminUserCreate, AdminUserUpdate } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { DEFAULT_ROLE, isRole } from './roles';
import { t } from './messages';

/** The Create/Edit User dialog's fields, as typed. */
export interface UserFormValues {
  username: string;
  email: string;
  full_name: string;
  role: AdminRole | '';
  is_active: boolean;
  /** '' on edit keeps the current password. */
  password: string;
}

export const emptyUserValues: UserFormValues = {
  username: '',
  email: '',
  full_name: '',
  role: DEFAULT_ROLE,
  is_active: true,
  password: '',
};

export function userToValues(user: AdminUser): UserFormValues {
  return {
    username: user.username,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    is_active: user.is_active,
    password: '',
  };
}

/** docs/product.md §9. */
const PASSWORD_MIN_LENGTH = 8;

const isBlank = (text: string | undefined) => !text || text.trim() === '';

/**
 * docs/product.md §5: username, email, full name and role required; a password required for a new user
 * (`$isNew` in the context); any entered password at least 8 characters. Formats and limits
 * follow the API (openapi/).
 */
const userSchema = object({
  username: string()
    .trim()
    .required(() => t('usernameRequired'))
    .matches(/^[A-Za-z0-9_.-]{3,50}$/, () => t('usernameFormat')),
  email: string()
    .trim()
    .required(() => t('emailRequired'))
    .email(() => t('emailInvalid'))
    .max(254, () => t('emailTooLong')),
  full_name: string()
    .trim()
    .required(() => t('fullNameRequired'))
    .max(100, () => t('fullNameTooLong')),
  role: string()
    .required(() => t('roleRequired'))
    .test(
      'role',
      () => t('chooseRole'),
      (role) => !role || isRole(role),
    ),
  is_active: boolean(),
  password: string()
    .test(
      'password-required',
      () => t('passwordRequired'),
      function (value) {
        return !(this.options.context as { isNew?: boolean } | undefined)?.isNew || !isBlank(value);
      },
    )
    .test(
      'password-length',
      () => t('passwordLength', { min: PASSWORD_MIN_LENGTH }),
      (value) => isBlank(value) || value!.length >= PASSWORD_MIN_LENGTH,
    )
    .max(128, () => t('passwordTooLong')),
});

export function validateUser(
  values: UserFormValues,
  isNew: boolean,
): ValidationResult<UserFormValues> {
  return validationSummary(userSchema, values, { context: { isNew } });
}

/** docs/product.md §7: the create body (valid values). */
export function toUserCreate(values: UserFormValues): Required<AdminUserCreate> {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    full_name: values.full_name.trim(),
    role: values.role || DEFAULT_ROLE,
    is_active: values.is_active,
    password: values.password,
  };
}

/** docs/product.md §7: the update body; a blank password is sent as null (the current one is kept). */
export function toUserUpdate(values: UserFormValues): AdminUserUpdate {
  return {
    ...toUserCreate(values),
    password: isBlank(values.password) ? null : values.password,
  };
}

/** docs/product.md §2: the search matches username, email and full name, ignoring case. */
export function filterUsers(users: readonly AdminUser[], query: string): readonly AdminUser[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((user) =>
    [user.username, user.email, user.full_name].some((text) => text.toLowerCase().includes(needle)),
  );
}
