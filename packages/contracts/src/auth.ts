import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZRole } from './roles.ts';

const required = (message: string = zodError('VALIDATION')) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const ZEmail = z
  .string({ error: zodError('VALIDATION') })
  .trim()
  .toLowerCase()
  .min(1, { error: zodError('VALIDATION') })
  .max(254, { error: zodError('INVALID_EMAIL') })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: zodError('INVALID_EMAIL') });

/** spec 01 §5: optional plus, then digits, spaces, dashes, parentheses; at least 8 characters. */
export const ZPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9\s\-()]{8,}$/, { error: zodError('INVALID_PHONE') });

export const ZPassword = z
  .string({ error: zodError('VALIDATION') })
  .min(6, { error: zodError('PASSWORD_TOO_SHORT', { min: 6 }) })
  .max(200, { error: zodError('VALIDATION') });

export const ZLocale = z.enum(['fr', 'ar']);
export type TLocale = z.infer<typeof ZLocale>;

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  firstName: required().pipe(z.string().max(100)),
  lastName: required().pipe(z.string().max(100)),
  phone: z.union([ZPhone, z.literal('')]).optional(),
  locale: ZLocale.optional(),
  /** When given (the web form sends it), it must equal password. */
  confirmPassword: z.string().optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: required(),
  password: required(),
  remember: z.boolean().optional(),
  /** The 6-digit code of the authenticator app, for an account with 2FA on (asked after a TOTP_REQUIRED answer). */
  code: z.string().trim().max(10).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: ZRole,
  locale: ZLocale,
  /** Issue 24: a customer's profile preference, which sets the prices' display currency (DZD for the staff). */
  displayCurrency: z.enum(['DZD', 'EUR', 'USD']),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZAuthResponse = z.object({
  user: ZUser,
  expiresAt: z.string(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZUpdateLocaleRequest = z.object({ locale: ZLocale });

export const ZDemoInfo = z.object({
  demoMode: z.boolean(),
  password: z.string().optional(),
  accounts: z.array(z.object({ email: z.string(), role: ZRole, label: z.string() })),
});
export type TDemoInfo = z.infer<typeof ZDemoInfo>;
