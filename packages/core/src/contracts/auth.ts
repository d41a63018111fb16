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

export const SignUpRequest = z.object({
  email: Email,
  password: Password,
  name: z.string().trim().max(100).optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;
