import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZLocale, ZOptionalPhone } from './auth.ts';
import { TIMEZONE } from './time.ts';
import { DISPLAY_CURRENCIES } from './plain/account.ts';

// The zod-free constants live in ./plain/account.ts, which the storefront's header imports (no zod there).
export * from './plain/account.ts';

/** The profile's, password's and reset flow's messages (docs/product/accounts-and-roles.md §8, §12). */
export const ACCOUNT_MESSAGES = {
  PROFILE_SAVED: 'Profil mis à jour avec succès !',
  PASSWORD_SAVED: 'Mot de passe modifié avec succès !',
  EXPORTED: 'Données exportées avec succès !',
  RESET_SENT: 'Si un compte existe pour cet email, un lien de réinitialisation vient de lui être envoyé. Il est valable 1 heure.',
  RESET_DONE: 'Mot de passe réinitialisé avec succès ! Vous pouvez vous connecter.',
} as const;

/** How long a password-reset link is valid (issue 4: 1 hour). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const THEMES = ['auto', 'light', 'dark'] as const;
export const DEFAULT_TIMEZONE = TIMEZONE;

const ZTimezone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('fr', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: zodError('UNKNOWN_TIMEZONE') },
  );

/** The profile's preferences, with their defaults (docs/product/accounts-and-roles.md §12). */
export const ZPreferences = z.object({
  emailNotifications: z.boolean().default(true),
  smsNotifications: z.boolean().default(false),
  marketingEmails: z.boolean().default(false),
  theme: z.enum(THEMES).default('auto'),
  /** Issue 24: the currency prices are shown in (with the dinar price beside); a card is charged in EUR or USD. */
  currency: z.enum(DISPLAY_CURRENCIES).default('DZD'),
  timezone: ZTimezone.default(DEFAULT_TIMEZONE),
});
export type TPreferences = z.infer<typeof ZPreferences>;

export const ZProfile = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  locale: ZLocale,
  preferences: ZPreferences,
  createdAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

const nameField = z
  .string({ error: zodError('NAME_REQUIRED') })
  .trim()
  .min(1, { error: zodError('NAME_REQUIRED') })
  .max(100, { error: zodError('TEXT_TOO_LONG', { max: 100 }) });

/** PATCH /api/client/profile. Fields left out are kept; preferences are merged. */
export const ZUpdateProfileRequest = z.object({
  firstName: nameField,
  lastName: nameField,
  email: z
    .string({ error: zodError('EMAIL_INVALID') })
    .trim()
    .toLowerCase()
    .max(254, { error: zodError('EMAIL_INVALID') })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: zodError('EMAIL_INVALID') })
    .optional(),
  /** '' or null clears it; otherwise a phone number, stored in E.164 (issue 25). */
  phone: ZOptionalPhone.optional(),
  locale: ZLocale.optional(),
  preferences: z
    .object({
      emailNotifications: z.boolean(),
      smsNotifications: z.boolean(),
      marketingEmails: z.boolean(),
      theme: z.enum(THEMES),
      currency: z.enum(DISPLAY_CURRENCIES),
      timezone: ZTimezone,
    })
    .partial()
    .optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;
export type TUpdateProfile = z.infer<typeof ZUpdateProfileRequest>;

export const ZProfileResponse = z.object({ profile: ZProfile, message: z.string().optional() });
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

const passwordField = z.string({ error: zodError('PASSWORD_FIELDS_REQUIRED') }).min(1, { error: zodError('PASSWORD_FIELDS_REQUIRED') });

/** POST /api/client/password, /api/partner/password, … (docs/product/accounts-and-roles.md §8). Other sessions of the user are closed. */
export const ZChangePasswordRequest = z
  .object({
    currentPassword: passwordField,
    // The minimum length is the setting security.password_min_length, checked by the server.
    newPassword: passwordField.max(200, { error: zodError('VALIDATION') }),
    confirmPassword: passwordField,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: zodError('NEW_PASSWORD_MISMATCH'), path: ['confirmPassword'] });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZMessageResponse = z.object({ message: z.string() });

/** POST /api/auth/password/forgot: always 202, whether or not the address has an account. */
export const ZForgotPasswordRequest = z.object({
  email: z
    .string({ error: zodError('VALIDATION') })
    .trim()
    .toLowerCase()
    .min(1, { error: zodError('VALIDATION') })
    .max(254, { error: zodError('INVALID_EMAIL') })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: zodError('INVALID_EMAIL') }),
});

/** POST /api/auth/password/reset: the token from the e-mailed link PUBLIC_URL/auth/reset?token=… */
export const ZResetPasswordRequest = z
  .object({
    token: z.string({ error: zodError('RESET_TOKEN_INVALID') }).min(10, { error: zodError('RESET_TOKEN_INVALID') }).max(200),
    password: z
      .string({ error: zodError('VALIDATION') })
      .min(6, { error: zodError('PASSWORD_TOO_SHORT', { min: 6 }) })
      .max(200, { error: zodError('VALIDATION') }),
    confirmPassword: z.string({ error: zodError('VALIDATION') }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: zodError('PASSWORD_MISMATCH'), path: ['confirmPassword'] });

/** POST /api/auth/password/reset/check: lets the page say "link expired" before the user types. */
export const ZResetTokenCheckRequest = z.object({ token: z.string().max(200) });
export const ZResetTokenCheckResponse = z.object({
  valid: z.boolean(),
  /** Why not: the French message to show. */
  message: z.string().nullable(),
  /** Its code in the error catalogue, for the web app to show it in the active language. */
  code: z.string().nullable(),
});
