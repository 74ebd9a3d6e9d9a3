import { describe, expect, it } from 'vitest';
import { crudTexts } from './CrudListScreen';

// The screens' texts are quoted from the product description: written out here in full, [users,
// VAT rates], grouped by where they stand.
const EXPECTED = {
  header: {
    title: ['Users', 'VAT Rates'],
    addLabel: ['Add User', 'Add VAT Rate'],
  },
  search: {
    searchPlaceholder: ['Search users...', 'Search VAT rates...'],
    searchLabel: ['Search users', 'Search VAT rates'],
  },
  list: {
    errorTitle: ['Failed to load users', 'Failed to load VAT rates'],
    loadingText: ['Loading users...', 'Loading VAT rates...'],
    tableLabel: ['Users', 'VAT rates'],
    emptyText: ['No users found', 'No VAT rates found'],
  },
  dialogs: {
    subject: ['User', 'VAT rate'],
    deleteTitle: ['Delete User', 'Delete VAT Rate'],
    createTitle: ['Create User', 'Create VAT Rate'],
    editTitle: ['Edit User', 'Edit VAT Rate'],
  },
};

describe('crudTexts', () => {
  it.each([
    [0, ['user', 'users']],
    [1, ['VAT rate', 'VAT rates']],
  ] as const)('gives screen %i its texts (an acronym stays in capitals)', (screen, noun) => {
    const { search, dialogTitles, ...texts } = crudTexts(noun);
    const expected = Object.fromEntries(
      Object.values(EXPECTED)
        .flatMap((group) => Object.entries(group))
        .map(([name, values]) => [name, values[screen]]),
    );
    expect({
      ...texts,
      searchPlaceholder: search.placeholder,
      searchLabel: search.label,
      createTitle: dialogTitles[0],
      editTitle: dialogTitles[1],
    }).toEqual(expected);
  });
});
