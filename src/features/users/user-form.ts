import { boolean, object, string } from 'yup';
import type { AdminRole, AdminUser, AdminUserCreate, AdminUserUpdate } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { DEFAULT_ROLE, ROLES } from './roles';

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
export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required for new users';
export const PASSWORD_LENGTH_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const USERNAME_FORMAT_MESSAGE =
  'Username must be 3 to 50 characters: letters, numbers, dots, hyphens or underscores';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

const isBlank = (text: string | undefined) => !text || text.trim() === '';

/**
 * docs/product.md §5: username, email, full name and role required; a password required for a new user
 * (`$isNew` in the context); any entered password at least 8 characters. Formats and limits
 * follow the API (openapi/).
 */
const userSchema = object({
  username: string()
    .trim()
    .required('Username is required')
    .matches(/^[A-Za-z0-9_.-]{3,50}$/, USERNAME_FORMAT_MESSAGE),
  email: string()
    .trim()
    .required('Email is required')
    .email(EMAIL_MESSAGE)
    .max(254, 'Email must be at most 254 characters'),
  full_name: string()
    .trim()
    .required('Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  role: string()
    .required('Role is required')
    .test('role', 'Choose a role', (role) => !role || ROLES.some((info) => info.value === role)),
  is_active: boolean(),
  password: string()
    .test('password-required', PASSWORD_REQUIRED_MESSAGE, function (value) {
      return !(this.options.context as { isNew?: boolean } | undefined)?.isNew || !isBlank(value);
    })
    .test(
      'password-length',
      PASSWORD_LENGTH_MESSAGE,
      (value) => isBlank(value) || value!.length >= PASSWORD_MIN_LENGTH,
    )
    .max(128, 'Password must be at most 128 characters'),
});

export function validateUser(
  values: UserFormValues,
  isNew: boolean,
): ValidationResult<UserFormValues> {
  return validationSummary(userSchema, values, REQUIRED_MESSAGE, { isNew });
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
