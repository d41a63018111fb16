import { z } from 'zod';

/** E-mail: valid format, at most 255 characters (spec §5). */
export const Email = z.string().trim().min(1, 'validation.emailRequired').max(255, 'validation.emailTooLong').email('validation.emailInvalid');

/** Password: at least 8 characters with an uppercase letter, a lowercase letter and a digit (spec §5). */
export const Password = z
  .string()
  .min(8, 'validation.passwordTooShort')
  .max(128, 'validation.passwordTooLong')
  .regex(/[A-Z]/, 'validation.passwordUppercase')
  .regex(/[a-z]/, 'validation.passwordLowercase')
  .regex(/\d/, 'validation.passwordDigit');

/** Sign-in form: both fields are required; any failure is "Invalid login credentials" (spec §5, §8). */
export const SignInForm = z.object({
  email: Email,
  password: z.string().min(1, 'validation.passwordRequired'),
});
export type SignInForm = z.infer<typeof SignInForm>;

const withConfirmation = <T extends z.ZodRawShape>(shape: T, field: 'password' | 'newPassword') =>
  z
    .object({ ...shape, confirmPassword: z.string() })
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>).confirmPassword, { message: 'validation.passwordsMismatch', path: ['confirmPassword'] });

export const SignUpForm = withConfirmation({ email: Email, password: Password }, 'password');
export type SignUpForm = z.infer<typeof SignUpForm>;

export const ForgotPasswordForm = z.object({ email: Email });
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordForm>;

export const ResetPasswordForm = withConfirmation({ newPassword: Password }, 'newPassword');
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

export const ChangePasswordForm = withConfirmation(
  { currentPassword: z.string().min(1, 'validation.currentPasswordRequired'), newPassword: Password },
  'newPassword',
);
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;
