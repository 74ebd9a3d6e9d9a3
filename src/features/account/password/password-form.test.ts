import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import {
  EMPTY_PASSWORD_FORM,
  passwordFieldErrors,
  toPasswordChange,
  validatePasswordForm,
  type PasswordFormValues,
} from './password-form';

const valid: PasswordFormValues = {
  current_password: 'old secret',
  new_password: 'jasmin-boutique-2019',
  confirm_password: 'jasmin-boutique-2019',
};
const errorsOf = (values: Partial<PasswordFormValues>) =>
  validatePasswordForm({ ...valid, ...values }).errors;

describe('validatePasswordForm', () => {
  it('accepts a filled form whose new password is typed twice alike', () => {
    expect(validatePasswordForm(valid)).toEqual({ errors: {}, summary: null });
  });

  it('asks for every field', () => {
    expect(validatePasswordForm(EMPTY_PASSWORD_FORM).errors).toEqual({
      current_password: 'Enter your current password',
      new_password: 'Enter a new password',
      confirm_password: 'Confirm the new password',
    });
  });

  it("keeps the new password within the contract's 8 to 128 characters", () => {
    expect(errorsOf({ new_password: '1234567', confirm_password: '1234567' })).toEqual({
      new_password: 'The new password must be at least 8 characters',
    });
    expect(errorsOf({ new_password: '12345678', confirm_password: '12345678' })).toEqual({});
    const long = 'x'.repeat(129);
    expect(errorsOf({ new_password: long, confirm_password: long })).toEqual({
      new_password: 'The new password must be at most 128 characters',
    });
    const longest = 'x'.repeat(128);
    expect(errorsOf({ new_password: longest, confirm_password: longest })).toEqual({});
  });

  it('refuses the current password as the new one, and a confirmation that differs', () => {
    expect(errorsOf({ new_password: 'old secret', confirm_password: 'old secret' })).toEqual({
      new_password: 'The new password must differ from the current one',
    });
    expect(errorsOf({ confirm_password: 'jasmin-boutique-2018' })).toEqual({
      confirm_password: 'The passwords do not match',
    });
  });
});

describe('toPasswordChange', () => {
  it('sends both passwords exactly as typed, never the confirmation', () => {
    expect(toPasswordChange({ ...valid, current_password: ' spaced ' })).toEqual({
      current_password: ' spaced ',
      new_password: 'jasmin-boutique-2019',
    });
  });
});

describe('passwordFieldErrors', () => {
  it("puts the server's reasons on the fields they name", () => {
    const refusal = new ApiError(422, 'x', 'http', [
      {
        loc: ['body', 'new_password'],
        msg: 'Password is too weak: Add more words.',
        type: 'password_strength',
      },
      {
        loc: ['body', 'current_password'],
        msg: 'Current password is incorrect',
        type: 'value_error',
      },
      { loc: ['body', 'other'], msg: 'ignored', type: 'value_error' },
    ]);
    expect(passwordFieldErrors(refusal)).toEqual({
      new_password: 'Password is too weak: Add more words.',
      current_password: 'Current password is incorrect',
    });
    expect(passwordFieldErrors(new ApiError(500, 'Boom', 'http', 'Boom'))).toEqual({});
  });
});
