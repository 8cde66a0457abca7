import { PASSWORD_RESET_TTL_MINUTES } from '@farha/contracts/account';
import { ROLE_LABELS, type TRole } from '@farha/contracts/roles';
import type { EmailContent } from './templates.ts';
import { hello, infoEmail, lang, type Locale } from './html.ts';

export function passwordResetEmail(input: { locale?: Locale; name: string; link: string }): EmailContent {
  const l = lang(input.locale ?? 'fr');
  return infoEmail(l, {
    subject: l.t({ fr: 'Réinitialisation de votre mot de passe Farha', ar: 'إعادة تعيين كلمة مرور حسابكم في فرحة' }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: 'Vous avez demandé à réinitialiser le mot de passe de votre compte Farha. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.',
        ar: 'طلبتم إعادة تعيين كلمة مرور حسابكم في فرحة. اضغطوا على الزر أدناه لاختيار كلمة مرور جديدة.',
      }),
      l.t({
        fr: `Ce lien est valable ${PASSWORD_RESET_TTL_MINUTES} minutes et ne peut servir qu’une fois.`,
        ar: `هذا الرابط صالح لمدة ${PASSWORD_RESET_TTL_MINUTES} دقيقة ولا يُستعمل إلا مرة واحدة.`,
      }),
      l.t({
        fr: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
        ar: 'إذا لم تطلبوا ذلك، تجاهلوا هذه الرسالة: تبقى كلمة المرور دون تغيير.',
      }),
    ],
    cta: { label: l.t({ fr: 'Choisir un nouveau mot de passe', ar: 'اختيار كلمة مرور جديدة' }), url: input.link },
  });
}

export function passwordChangedEmail(input: { locale?: Locale; name: string; supportUrl: string }): EmailContent {
  const l = lang(input.locale ?? 'fr');
  return infoEmail(l, {
    subject: l.t({ fr: 'Votre mot de passe Farha a été modifié', ar: 'تم تغيير كلمة مرور حسابكم في فرحة' }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: 'Le mot de passe de votre compte Farha vient d’être modifié, et vos autres sessions ont été fermées.',
        ar: 'تم للتو تغيير كلمة مرور حسابكم في فرحة، وأُغلقت جلساتكم الأخرى.',
      }),
      l.t({
        fr: 'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe et contactez notre support sans attendre.',
        ar: 'إذا لم تقوموا بهذا التغيير، أعيدوا تعيين كلمة المرور واتصلوا بفريق الدعم فورًا.',
      }),
    ],
    cta: { label: l.t({ fr: 'Contacter le support', ar: 'الاتصال بالدعم' }), url: input.supportUrl },
  });
}

const ROLE_LABELS_AR: Record<TRole, string> = {
  customer: 'زبون',
  partner_owner: 'شريك',
  partner_staff: 'موظف لدى شريك',
  finance: 'المالية',
  catalog_admin: 'الكتالوج',
  support: 'الدعم',
  superadmin: 'مسؤول',
  company_admin: 'مؤسسة',
  company_buyer: 'مشترٍ لدى مؤسسة',
  logistics: 'اللوجستيك',
};

/** A back-office or partner account made by a superadmin (issue 12): the link sets the password. */
export function accountInvitationEmail(input: { locale?: Locale; name: string; role: TRole; link: string; days: number }): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const roleLabel = l.t({ fr: ROLE_LABELS[input.role], ar: ROLE_LABELS_AR[input.role] });
  return infoEmail(l, {
    subject: l.t({ fr: 'Votre compte Farha vous attend', ar: 'حسابكم في فرحة بانتظاركم' }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({ fr: `Un administrateur Farha vous a créé un compte (${roleLabel}).`, ar: `أنشأ لكم أحد مسؤولي فرحة حسابًا (${roleLabel}).` }),
      l.t({
        fr: 'Cliquez sur le bouton ci-dessous pour choisir votre mot de passe et activer votre compte.',
        ar: 'اضغطوا على الزر أدناه لاختيار كلمة المرور وتفعيل حسابكم.',
      }),
      l.t({
        fr: `Ce lien est valable ${input.days} jours et ne peut servir qu’une fois.`,
        ar: `هذا الرابط صالح لمدة ${input.days} أيام ولا يُستعمل إلا مرة واحدة.`,
      }),
    ],
    cta: { label: l.t({ fr: 'Choisir mon mot de passe', ar: 'اختيار كلمة المرور' }), url: input.link },
  });
}
