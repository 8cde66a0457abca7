import { z } from 'zod';

/** architecture.md "Errors": `{ error: { code, message } }`, message in the spec's French. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

/** The spec's French messages, keyed by a stable code the web app can translate. */
export const ERROR_MESSAGES = {
  VALIDATION: 'Veuillez remplir tous les champs obligatoires',
  INVALID_EMAIL: 'Adresse email invalide',
  INVALID_CREDENTIALS: 'Email ou mot de passe incorrect',
  LOGIN_FAILED: 'Erreur de connexion. Veuillez réessayer.',
  REGISTER_FAILED: "Erreur lors de l'inscription. Email peut-être déjà utilisé.",
  PASSWORD_MISMATCH: 'Les mots de passe ne correspondent pas',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 6 caractères',
  INVALID_PHONE: 'Format de téléphone invalide',
  NAME_REQUIRED: 'Le prénom et nom sont obligatoires',
  UNAUTHENTICATED: 'Session expirée. Veuillez vous reconnecter.',
  FORBIDDEN: "Vous n'avez pas les permissions nécessaires pour accéder à cette page.",
  NOT_FOUND: "Désolé, la page que vous recherchez n'existe pas ou a été déplacée.",
  CSRF: 'Requête refusée : origine non autorisée.',
  RATE_LIMITED: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  REGISTRATION_LIMITED: 'Trop de comptes créés depuis cette adresse. Veuillez réessayer dans une heure.',
  ACCOUNT_SUSPENDED: 'Compte suspendu. Contactez le support.',
  BAD_REQUEST: 'Requête invalide',
  INTERNAL: 'Erreur système. Veuillez réessayer.',
} as const;
export type TErrorCode = keyof typeof ERROR_MESSAGES;
