import { describe, expect, it } from 'vitest';
import { adminUsers } from '@mocks/fixtures';
import { DEFAULT_ROLE, roleInfo, roleOptions } from './roles';
import {
  emptyUserValues,
  filterUsers,
  toUserCreate,
  toUserUpdate,
  userToValues,
  validateUser,
  type UserFormValues,
} from './user-form';
import {
  EMAIL_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  USERNAME_FORMAT_MESSAGE,
} from '@/testing/form-messages';

const valid: UserFormValues = {
  username: 'leila.jaziri',
  email: 'leila.jaziri@dar-el-jeld.tn',
  full_name: 'Leïla Jaziri',
  role: 'support',
  is_active: true,
  password: 'jasmin-2025',
};

describe('roles (docs/product.md §6)', () => {
  it('labels and badge styles', () => {
    expect(roleOptions().map((r) => [r.value, r.label, r.badge])).toEqual([
      ['super_admin', 'Super Admin', 'destructive'],
      ['admin', 'Admin', 'default'],
      ['manager', 'Manager', 'secondary'],
      ['support', 'Support', 'outline'],
      ['inventory_manager', 'Inventory Manager', 'outline'],
    ]);
    expect(DEFAULT_ROLE).toBe('manager');
    expect(roleInfo('auditor')).toEqual({ value: 'auditor', label: 'auditor', badge: 'outline' });
  });
});

describe('validateUser', () => {
  it('a new user starts as an active manager', () => {
    expect(emptyUserValues).toMatchObject({ role: 'manager', is_active: true, password: '' });
  });

  it('accepts valid values, with or without a password on edit', () => {
    expect(validateUser(valid, true)).toEqual({ errors: {}, summary: null });
    expect(validateUser({ ...valid, password: '' }, false)).toEqual({ errors: {}, summary: null });
  });

  it('requires username, email, full name and role', () => {
    const result = validateUser(
      { ...valid, username: ' ', email: '', full_name: '', role: '' },
      false,
    );
    expect(result.summary).toBe(REQUIRED_MESSAGE);
    expect(result.errors).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      full_name: 'Full name is required',
      role: 'Role is required',
    });
    for (const field of ['username', 'email', 'full_name', 'role'] as const)
      expect(validateUser({ ...valid, [field]: '' }, true).summary).toBe(REQUIRED_MESSAGE);
  });

  it('requires a password for a new user only', () => {
    expect(validateUser({ ...valid, password: '' }, true)).toEqual({
      errors: { password: PASSWORD_REQUIRED_MESSAGE },
      summary: PASSWORD_REQUIRED_MESSAGE,
    });
    expect(validateUser({ ...valid, password: '   ' }, true).summary).toBe(
      PASSWORD_REQUIRED_MESSAGE,
    );
    // A missing required field comes first.
    expect(validateUser({ ...emptyUserValues }, true).summary).toBe(REQUIRED_MESSAGE);
  });

  it('wants any entered password to have 8 characters, new user or not', () => {
    expect(PASSWORD_LENGTH_MESSAGE).toBe('Password must be at least 8 characters');
    for (const isNew of [true, false]) {
      expect(validateUser({ ...valid, password: '1234567' }, isNew)).toEqual({
        errors: { password: PASSWORD_LENGTH_MESSAGE },
        summary: PASSWORD_LENGTH_MESSAGE,
      });
      expect(validateUser({ ...valid, password: '12345678' }, isNew).summary).toBe(null);
    }
  });

  it('checks the username and e-mail formats', () => {
    for (const username of ['ab', 'leila jaziri', 'leïla', 'a'.repeat(51)])
      expect(validateUser({ ...valid, username }, true).summary).toBe(USERNAME_FORMAT_MESSAGE);
    expect(validateUser({ ...valid, email: 'leila.jaziri' }, true).summary).toBe(EMAIL_MESSAGE);
  });
});

describe('payloads', () => {
  it('creates with docs/product.md body, texts trimmed, the password as typed', () => {
    expect(
      toUserCreate({
        ...valid,
        username: ' leila.jaziri ',
        full_name: ' Leïla Jaziri ',
        password: ' with spaces ',
      }),
    ).toEqual({
      username: 'leila.jaziri',
      email: 'leila.jaziri@dar-el-jeld.tn',
      full_name: 'Leïla Jaziri',
      role: 'support',
      is_active: true,
      password: ' with spaces ',
    });
  });

  it('updates with password null when left blank, else the new one', () => {
    expect(toUserUpdate({ ...valid, password: '' })).toEqual({
      username: 'leila.jaziri',
      email: 'leila.jaziri@dar-el-jeld.tn',
      full_name: 'Leïla Jaziri',
      role: 'support',
      is_active: true,
      password: null,
    });
    expect(toUserUpdate({ ...valid, password: '  ' }).password).toBe(null);
    expect(toUserUpdate(valid).password).toBe('jasmin-2025');
  });

  it('round-trips a stored user (the password is never prefilled)', () => {
    const karim = adminUsers.find((u) => u.username === 'karim.trabelsi')!;
    expect(userToValues(karim)).toEqual({
      username: karim.username,
      email: karim.email,
      full_name: karim.full_name,
      role: 'admin',
      is_active: true,
      password: '',
    });
    expect(toUserUpdate(userToValues(karim))).toEqual({
      username: karim.username,
      email: karim.email,
      full_name: karim.full_name,
      role: karim.role,
      is_active: karim.is_active,
      password: null,
    });
  });
});

describe('filterUsers', () => {
  const names = (query: string) => filterUsers(adminUsers, query).map((u) => u.username);

  it('matches username, e-mail and full name, ignoring case and outer spaces', () => {
    expect(names('SFAX')).toEqual(['stock.sfax']);
    expect(names('youssef.mejri@')).toEqual(['youssef.support']);
    expect(names(' nour hamm ')).toEqual(['stock.sfax']);
    expect(names('dar-el-jeld')).toHaveLength(adminUsers.length);
    expect(names('nobody')).toEqual([]);
  });
});
