import { PASSWORD_RESET_TTL_MINUTES } from '@farha/contracts/account';
import type { EmailContent } from './templates.ts';
import { infoEmail } from './html.ts';

export function passwordResetEmail(input: { name: string; link: string }): EmailContent {
  return infoEmail({
    subject: 'Réinitialisation de votre mot de passe Farha',
    greeting: `Bonjour ${input.name},`,
    paragraphs: [
      'Vous avez demandé à réinitialiser le mot de passe de votre compte Farha. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.',
      `Ce lien est valable ${PASSWORD_RESET_TTL_MINUTES} minutes et ne peut servir qu’une fois.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    ],
    cta: { label: 'Choisir un nouveau mot de passe', url: input.link },
  });
}

export function passwordChangedEmail(input: { name: string; supportUrl: string }): EmailContent {
  return infoEmail({
    subject: 'Votre mot de passe Farha a été modifié',
    greeting: `Bonjour ${input.name},`,
    paragraphs: [
      'Le mot de passe de votre compte Farha vient d’être modifié, et vos autres sessions ont été fermées.',
      'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe et contactez notre support sans attendre.',
    ],
    cta: { label: 'Contacter le support', url: input.supportUrl },
  });
}

/** A back-office or partner account made by a superadmin (issue 12): the link sets the password. */
export function accountInvitationEmail(input: { name: string; roleLabel: string; link: string; days: number }): EmailContent {
  return infoEmail({
    subject: 'Votre compte Farha vous attend',
    greeting: `Bonjour ${input.name},`,
    paragraphs: [
      `Un administrateur Farha vous a créé un compte (${input.roleLabel}).`,
      'Cliquez sur le bouton ci-dessous pour choisir votre mot de passe et activer votre compte.',
      `Ce lien est valable ${input.days} jours et ne peut servir qu’une fois.`,
    ],
    cta: { label: 'Choisir mon mot de passe', url: input.link },
  });
}
