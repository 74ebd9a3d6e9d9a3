import { describe, expect, it } from 'vitest';
import { crudTexts } from './CrudListScreen';

// The screens' texts are quoted from the product description: written out here in full.
describe('crudTexts', () => {
  it('gives the users screen its texts', () => {
    expect(crudTexts(['user', 'users'])).toEqual({
      title: 'Users',
      addLabel: 'Add User',
      search: { placeholder: 'Search users...', label: 'Search users' },
      countTestId: 'user-count',
      errorTitle: 'Failed to load users',
      loadingText: 'Loading users...',
      tableLabel: 'Users',
      emptyText: 'No users found',
      deleteTitle: 'Delete User',
      dialogTitles: ['Create User', 'Edit User'],
    });
  });

  it('keeps an acronym in capitals (VAT rates)', () => {
    expect(crudTexts(['VAT rate', 'VAT rates'])).toEqual({
      title: 'VAT Rates',
      addLabel: 'Add VAT Rate',
      search: { placeholder: 'Search VAT rates...', label: 'Search VAT rates' },
      countTestId: 'vat-rate-count',
      errorTitle: 'Failed to load VAT rates',
      loadingText: 'Loading VAT rates...',
      tableLabel: 'VAT rates',
      emptyText: 'No VAT rates found',
      deleteTitle: 'Delete VAT Rate',
      dialogTitles: ['Create VAT Rate', 'Edit VAT Rate'],
    });
  });
});
