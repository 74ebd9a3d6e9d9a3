import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminMe } from '@generated/model';
import { adminUser, adminUsers, meOf } from '@mocks/fixtures';
import { users } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectRightToLeft, translatedScreen } from '@/testing/languages';
import { dialogClosed, replace, rowOf, rowWithText, expectNoEditing } from '@/testing/list-screen';
import {
  bodyIssue,
  expectScreenTitle,
  expectToast,
  findOpenDialog,
  mockedBy,
  screen,
  type Scope,
  apiPath,
} from '@/testing/story';
import { UsersPage } from './UsersPage';
import { adminScreenMeta } from '@/testing/admin-screen';
import { paths } from '@/lib/paths';
import { crudScreen } from '@/testing/crud-screen';
import { REQUIRED_MESSAGE } from '@/testing/form-messages';

/** Admin users management of /admin/users (docs/product.md §2) in the admin layout, over the mock API. */
const meta = { title: 'Users/UsersPage', ...adminScreenMeta(UsersPage, paths.users.list) };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = apiPath(users.list);

/*
 * Expected cells, written out from the fixtures without the app's helpers, in the server's order
 * (by username, case-insensitive: the mock-versus-server table checks the mock keeps it).
 */
const EXPECTED_ROWS = [
  [
    'admin',
    'Amira Ben Salah',
    'admin@dar-el-jeld.tn',
    'Super Admin',
    '14 Mar 2025, 09:12',
    'Active',
  ],
  [
    'karim.trabelsi',
    'Karim Trabelsi',
    'karim.trabelsi@dar-el-jeld.tn',
    'Admin',
    '13 Mar 2025, 17:45',
    'Active',
  ],
  ['salma.gharbi', 'Salma Gharbi', 'salma.gharbi@dar-el-jeld.tn', 'Manager', 'Never', 'Active'],
  [
    'stock.sfax',
    'Nour Hammami',
    'depot.sfax@dar-el-jeld.tn',
    'Inventory Manager',
    '20 Dec 2024, 08:30',
    'Inactive',
  ],
  [
    'youssef.support',
    'Youssef Mejri',
    'youssef.mejri@dar-el-jeld.tn',
    'Support',
    '28 Feb 2025, 12:05',
    'Active',
  ],
];

const crud = crudScreen({
  texts: {
    tableLabel: 'Users',
    searchPlaceholder: 'Search users...',
    searchLabel: 'Search users',
    addLabel: 'Add User',
    createTitle: 'Create User',
    editTitle: 'Edit User',
    deleteTitle: 'Delete User',
    emptyText: 'No users found',
    loadingText: 'Loading users...',
    errorTitle: 'Failed to load users',
    deleted: 'User deleted successfully',
    deleteFailed: 'Failed to delete user',
  },
  dataCells: 6,
  list: users.list,
  remove: users.delete,
  listPath: LIST,
});
const { tableCells, rowNames, waitForRows, search, openCreate, openEdit } = crud;

const password = (dialog: Scope) => dialog.getByLabelText(/^Password/);
const submit = (dialog: Scope, name: 'Create' | 'Update') =>
  userEvent.click(dialog.getByRole('button', { name }));

async function fillNewUser(dialog: Scope) {
  await userEvent.type(dialog.getByLabelText(/^Username/), 'leila.jaziri');
  await userEvent.type(dialog.getByLabelText(/^Full Name/), ' Leïla Jaziri ');
  await userEvent.type(dialog.getByLabelText(/^Email/), 'leila.jaziri@dar-el-jeld.tn');
}

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Users');
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Username',
      'Full Name',
      'Email',
      'Role',
      'Last Login',
      'Status',
      'Two-factor',
      'Actions',
    ]);
    await expect(tableCells(canvasElement)).toEqual(EXPECTED_ROWS);
    // docs/product.md §6 badge styles.
    const styles = Object.fromEntries(
      adminUsers.map((user) => [
        user.role,
        within(rowOf(canvasElement, user.username))
          .getByText(EXPECTED_ROWS.find((row) => row[0] === user.username)![3]!)
          .getAttribute('data-style'),
      ]),
    );
    await expect(styles).toEqual({
      super_admin: 'destructive',
      admin: 'default',
      manager: 'secondary',
      support: 'outline',
      inventory_manager: 'outline',
    });
    await expect(within(rowOf(canvasElement, 'salma.gharbi')).getByText('Never')).toBeVisible();
    await expect(canvas.getByTestId('user-count')).toHaveTextContent('5 users');
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    // By username.
    await search(canvasElement, 'SFAX');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['stock.sfax']));
    // By e-mail.
    await search(canvasElement, 'youssef.mejri@');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['youssef.support']));
    // By full name.
    await search(canvasElement, 'nour hamm');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['stock.sfax']));
    await search(canvasElement, 'gharbi');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['salma.gharbi']));
    await expect(canvas.getByTestId('user-count')).toHaveTextContent('1 of 5 users');
    // Nothing matches; cleared, every user again.
    await crud.expectNoMatchThenAll(canvasElement, 'nobody', 5);
  },
};

export const Empty: Story = crud.states.Empty;
export const Loading: Story = crud.states.Loading;
export const LoadError: Story = crud.states.LoadError;

/** docs/product.md §5 messages: required fields, then the password rules; nothing is sent. */
export const CreateValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    // Defaults: manager, active.
    await expect(dialog.getByLabelText(/^Role/)).toHaveValue('manager');
    await expect(dialog.getByLabelText('Active')).toBeChecked();
    await expect(
      within(dialog.getByLabelText(/^Role/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Super Admin', 'Admin', 'Manager', 'Support', 'Inventory Manager']);

    await submit(dialog, 'Create');
    await expectToast('Error', REQUIRED_MESSAGE, 'error');
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    await expect(dialog.getByText('Password is required for new users')).toBeVisible();

    // Required fields filled: the password is still required.
    await fillNewUser(dialog);
    await submit(dialog, 'Create');
    await expectToast('Error', 'Password is required for new users');

    // Too short.
    await userEvent.type(password(dialog), 'sidi');
    await submit(dialog, 'Create');
    await expectToast('Error', 'Password must be at least 8 characters');
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();

    // A malformed e-mail.
    await replace(dialog, /^Password/, 'sidi-bou-said');
    await replace(dialog, /^Email/, 'leila.jaziri');
    await submit(dialog, 'Create');
    await expectToast('Error', 'Please enter a valid email address');
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

export const PasswordVisibilityToggle: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const input = password(dialog);
    await userEvent.type(input, 'medina-2025');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(dialog.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('medina-2025');
    const hide = dialog.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(dialog.getByRole('button', { name: 'Show password' })).toBeVisible();
  },
};

export const CreateUser: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewUser(dialog);
    await userEvent.selectOptions(dialog.getByLabelText(/^Role/), 'Inventory Manager');
    await userEvent.type(password(dialog), 'jasmin-2025!');
    await userEvent.click(dialog.getByText('Active'));
    await submit(dialog, 'Create');
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toEqual({
      username: 'leila.jaziri',
      email: 'leila.jaziri@dar-el-jeld.tn',
      full_name: 'Leïla Jaziri',
      role: 'inventory_manager',
      is_active: false,
      password: 'jasmin-2025!',
    });
    await expectToast('Success', 'User created successfully', 'success');
    await dialogClosed('dialog');
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** A password the server finds too weak: its reason is shown, the dialog stays open. */
export const CreateWeakPassword: Story = {
  parameters: mockedBy(
    users.create.error(422, [
      bodyIssue(
        'password',
        'Password is too weak: This is a commonly used password. Add more words that are less common.',
        'password_strength',
      ),
    ]),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewUser(dialog);
    await userEvent.type(password(dialog), 'password123');
    await submit(dialog, 'Create');
    await requests.waitFor('POST', LIST);
    await expectToast(
      'Error',
      'password: Password is too weak: This is a commonly used password. Add more words that are less common.',
    );
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeVisible();
  },
};

/**
 * An admin who may list users but not change them (users:read without users:write; the console
 * follows the permissions /me gives): the table, no Add User, no edit or delete.
 */
const userReader: AdminMe = {
  ...meOf({ ...adminUser, role: 'admin' }),
  permissions: ['users:read', 'catalogue:read', 'settings:read'],
};
export const ReadOnlyForUserReader: Story = {
  parameters: { auth: { userType: 'admin', user: userReader } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(rowNames(canvasElement)).toEqual(EXPECTED_ROWS.map((row) => row[0]));
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain(
      'Actions',
    );
    await expectNoEditing(canvasElement, ['Add User']);
  },
};

/** Left as it is, a new user is an active manager. */
export const CreateWithDefaults: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewUser(dialog);
    await userEvent.type(password(dialog), 'jasmin-2025!');
    await submit(dialog, 'Create');
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toMatchObject({ role: 'manager', is_active: true });
    await expectToast('Success', 'User created successfully');
  },
};

/** A blank password on edit keeps the current one: password null. */
export const EditKeepsPassword: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'karim.trabelsi');
    await expect(dialog.getByLabelText(/^Username/)).toHaveValue('karim.trabelsi');
    await expect(dialog.getByLabelText(/^Email/)).toHaveValue('karim.trabelsi@dar-el-jeld.tn');
    await expect(dialog.getByLabelText(/^Full Name/)).toHaveValue('Karim Trabelsi');
    await expect(dialog.getByLabelText(/^Role/)).toHaveValue('admin');
    await expect(password(dialog)).toHaveValue('');
    await expect(dialog.getByText('Leave blank to keep the current password')).toBeVisible();
    await replace(dialog, /^Full Name/, 'Karim Ben Trabelsi');
    await userEvent.selectOptions(dialog.getByLabelText(/^Role/), 'Manager');
    await submit(dialog, 'Update');
    const [call] = await requests.waitFor('PATCH', `${LIST}2`);
    await expect(call?.body).toEqual({
      username: 'karim.trabelsi',
      email: 'karim.trabelsi@dar-el-jeld.tn',
      full_name: 'Karim Ben Trabelsi',
      role: 'manager',
      is_active: true,
      password: null,
    });
    await expectToast('Success', 'User updated successfully', 'success');
    await dialogClosed('dialog');
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** Renaming one's own account: the header follows at once. */
export const EditOwnAccount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('current-user')).toHaveTextContent('admin');
    const dialog = await openEdit(canvasElement, 'admin');
    await replace(dialog, /^Username/, 'amira');
    await submit(dialog, 'Update');
    const [call] = await requests.waitFor('PATCH', `${LIST}1`);
    await expect(call?.body).toMatchObject({ username: 'amira', password: null });
    await expectToast('Success', 'User updated successfully');
    await waitFor(() => expect(canvas.getByTestId('current-user')).toHaveTextContent('amira'));
  },
};

/** A new password on edit is sent, and it too must have 8 characters. */
export const EditChangesPassword: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'salma.gharbi');
    await userEvent.type(password(dialog), 'short');
    await submit(dialog, 'Update');
    await expectToast('Error', 'Password must be at least 8 characters');
    await expect(requests.to('PATCH', `${LIST}3`)).toHaveLength(0);
    await userEvent.type(password(dialog), '-but-long-now');
    await submit(dialog, 'Update');
    const [call] = await requests.waitFor('PATCH', `${LIST}3`);
    await expect(call?.body).toMatchObject({ password: 'short-but-long-now' });
    await expectToast('Success', 'User updated successfully');
  },
};

export const DuplicateUsername: Story = {
  parameters: mockedBy(users.create.error(409, 'Username already exists')),
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewUser(dialog);
    await userEvent.type(password(dialog), 'jasmin-2025!');
    await submit(dialog, 'Create');
    await requests.waitFor('POST', LIST);
    await expectToast('Error', 'Username already exists', 'error');
    // The dialog stays open with what was typed.
    await expect(screen.getByRole('dialog', { name: 'Create User' })).toBeVisible();
    await expect(dialog.getByLabelText(/^Username/)).toHaveValue('leila.jaziri');
  },
};

export const LastSuperAdmin: Story = {
  parameters: mockedBy(users.update.error(409, 'Cannot remove the last active super admin')),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'admin');
    await userEvent.selectOptions(dialog.getByLabelText(/^Role/), 'Admin');
    await submit(dialog, 'Update');
    await expectToast('Error', 'Cannot remove the last active super admin', 'error');
  },
};

export const UpdateNetworkError: Story = {
  parameters: mockedBy(users.update.networkError()),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'youssef.support');
    await submit(dialog, 'Update');
    await expectToast('Error', 'Failed to update user', 'error');
  },
};

export const DeleteUser: Story = crud.deleted('youssef.support', 4);

export const DeleteCancelled: Story = crud.deleteCancelled('stock.sfax', /admin\/users\/\d+/);

export const DeleteOwnAccount: Story = {
  parameters: mockedBy(users.delete.error(409, 'You cannot delete your own account')),
  play: async ({ canvasElement }) => {
    await crud.answerDelete(canvasElement, 'admin');
    await requests.waitFor('DELETE', `${LIST}1`);
    await expectToast('Error', 'You cannot delete your own account', 'error');
    await dialogClosed('alertdialog');
  },
};

export const DeleteNetworkError: Story = crud.deleteNetworkError('stock.sfax');

/** On a phone each user is a card (docs/product.md §2): every field in view, not cut. */
export const Mobile: Story = crud.mobile({
  name: 'salma.gharbi',
  fields: [...EXPECTED_ROWS[2]!, 'Off', ''],
});

/* Languages and colour modes */

/** Arabic, right to left: translated heading and roles; last logins in Tunis time. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await translatedScreen(canvasElement, { shown: 'Amira Ben Salah', heading: 'المستخدمون' });
    await expectRightToLeft();
    // Found by its name: the row actions' labels are translated elsewhere.
    const admin = rowWithText(canvasElement, 'Amira Ben Salah');
    await expect(admin.getByText('مدير عام')).toBeVisible();
    await expect(admin.getByText(/^14 مارس 2025، 09:12$/)).toBeVisible();
    const salma = rowWithText(canvasElement, 'Salma Gharbi');
    await expect(salma.getByText('أبدًا')).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = await translatedScreen(canvasElement, {
      shown: 'Amira Ben Salah',
      heading: 'Utilisateurs',
    });
    await expect(canvas.getByRole('columnheader', { name: 'Dernière connexion' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};

/** The Create User dialog in Arabic: role options and validation messages translated. */
export const ArabicCreateDialog: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    // The table's name is translated: wait for a row by its content.
    const canvas = within(canvasElement);
    await canvas.findByText('Amira Ben Salah');
    await userEvent.click(canvas.getByRole('button', { name: 'إضافة مستخدم' }));
    const dialogElement = await findOpenDialog('إنشاء مستخدم');
    const dialog = within(dialogElement);
    await expect(
      within(dialog.getByLabelText(/^الدور/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['مدير عام', 'مدير', 'مسيّر', 'الدعم', 'مسؤول المخزون']);
    // The submit button's label belongs to the shared dialog: found by its type.
    await userEvent.click(dialogElement.querySelector<HTMLElement>('button[type="submit"]')!);
    await expectToast('خطأ', 'يُرجى ملء كل الحقول المطلوبة', 'error');
    await expect(dialog.getByText('اسم المستخدم مطلوب')).toBeVisible();
    await expect(dialog.getByText('كلمة المرور مطلوبة للمستخدمين الجدد')).toBeVisible();
  },
};
