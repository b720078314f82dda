import { PASSWORD_LENGTH } from './password-hasher';

/**
 * What is wrong with a new password and its confirmation, as the forms that set one say it (the
 * reset link's and the invitation's): empty when both are fine.
 */
export function newPasswordErrors(password: string, confirmation: string): string[] {
  const errors: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    errors.push(`Password must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`);
  }
  if (password !== confirmation) errors.push('Password confirmation does not match.');
  return errors;
}

/** The two fields of a new-password form as posted (anything but a string is empty). */
export function newPasswordFields(body: { password?: unknown; password_confirmation?: unknown } | undefined): {
  password: string;
  confirmation: string;
} {
  return {
    password: typeof body?.password === 'string' ? body.password : '',
    confirmation: typeof body?.password_confirmation === 'string' ? body.password_confirmation : '',
  };
}
