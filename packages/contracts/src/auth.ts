import { z } from 'zod';
import { zodError } from './errors.ts';
import { toE164 } from './plain/phone.ts';
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

/**
 * docs/product/accounts-and-roles.md §12 ('Format de téléphone invalide'), issue 25: a phone number of Algeria (0555 12 34 56) or of
 * any country (+33 6 12 34 56 78), stored in E.164 (+213555123456).
 */
const phoneText = z
  .string({ error: zodError('INVALID_PHONE') })
  .trim()
  .max(30, { error: zodError('INVALID_PHONE') });
const optionalPhone = (value: string | null, ctx: z.RefinementCtx) => (value ? (toE164(value) ?? invalidPhone(ctx)) : null);

// overwrite + refine, not a transform: ZPhone also describes answers (the settings' support phone), and a
// transform has no JSON Schema for the API's response serialiser.
export const ZPhone = phoneText.overwrite((value) => toE164(value) ?? value).refine((value) => toE164(value) === value, { error: zodError('INVALID_PHONE') });

/** A phone field that may be left empty: '' or null clears it (null), otherwise as ZPhone. */
export const ZOptionalPhone = phoneText.nullable().transform(optionalPhone);
/** The same for a form's text input ('' when empty). */
export const ZOptionalPhoneText = phoneText.transform(optionalPhone);

function invalidPhone(ctx: z.RefinementCtx): never {
  ctx.addIssue({ code: 'custom', message: zodError('INVALID_PHONE') });
  return z.NEVER;
}

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
