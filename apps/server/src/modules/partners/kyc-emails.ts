import { hello, infoEmail, lang, rich, strong, type Bilingual, type EmailContent, type Locale, type Rich } from '../notifications/index.ts';

export type PartnerStep =
  | { kind: 'kyc_submitted' }
  | { kind: 'kyc_verified' }
  | { kind: 'kyc_rejected'; reason: string }
  | { kind: 'terms_changed'; commissionBp: number; settlementCycle: 'J+7' | 'J+14' | 'monthly' }
  | { kind: 'deactivated' }
  | { kind: 'reactivated' }
  | { kind: 'registered' };

/** The e-mail a partner's owner gets at each step of onboarding and administration (issue 12), in the owner's language. */
export function partnerStepEmail(partnerName: string, step: PartnerStep, link: string, locale: Locale = 'fr'): EmailContent {
  const l = lang(locale);
  const ar = locale === 'ar';
  const email = (subject: Bilingual, paragraphs: (string | Rich)[]) =>
    infoEmail(
      l,
      { subject: l.t(subject), greeting: hello(l, partnerName), paragraphs, cta: { label: l.t({ fr: 'Ouvrir mon espace partenaire', ar: 'فتح فضاء الشريك' }), url: link } },
      'partner',
    );
  switch (step.kind) {
    case 'registered':
      return email({ fr: 'Bienvenue chez Farha Partenaires', ar: 'مرحبًا بكم في فرحة للشركاء' }, [
        l.t({
          fr: "Votre compte partenaire est créé. Déposez vos trois documents (registre de commerce, pièce d'identité, relevé bancaire) puis soumettez-les pour vérification.",
          ar: 'تم إنشاء حساب الشريك. ارفعوا وثائقكم الثلاث (السجل التجاري، بطاقة الهوية، كشف الحساب البنكي) ثم أرسلوها للتحقق.',
        }),
      ]);
    case 'kyc_submitted':
      return email({ fr: 'Documents KYC reçus', ar: 'تم استلام وثائق التحقق' }, [
        l.t({
          fr: 'Nous avons bien reçu vos documents. Notre équipe les vérifie sous 48 h ouvrées ; vous serez prévenu par e-mail.',
          ar: 'استلمنا وثائقكم. يتحقق منها فريقنا خلال 48 ساعة عمل، وسنُعلمكم بالبريد الإلكتروني.',
        }),
      ]);
    case 'kyc_verified':
      return email({ fr: 'Votre compte partenaire est validé', ar: 'تم اعتماد حساب الشريك' }, [
        ar
          ? rich`تم التحقق من وثائقكم: حسابكم ${strong('نشط')}. يمكن إدراج عروضكم في العلب ويمكنكم طلب تسوياتكم.`
          : rich`Vos documents sont vérifiés : votre compte est ${strong('actif')}. Vos offres peuvent être proposées dans les coffrets et vous pouvez demander vos règlements.`,
      ]);
    case 'kyc_rejected':
      return email({ fr: 'Vos documents KYC ont été refusés', ar: 'رُفضت وثائق التحقق' }, [
        l.t({ fr: `Vos documents n'ont pas pu être validés : ${step.reason}.`, ar: `تعذّر اعتماد وثائقكم: ${step.reason}.` }),
        l.t({ fr: 'Déposez des documents corrigés puis soumettez-les à nouveau.', ar: 'ارفعوا وثائق مصحّحة ثم أرسلوها من جديد.' }),
      ]);
    case 'terms_changed': {
      const percent = `${(step.commissionBp / 100).toLocaleString(ar ? 'ar-DZ-u-nu-latn' : 'fr-FR', { maximumFractionDigits: 2 })}\u202f%`;
      const cycle =
        step.settlementCycle === 'monthly' ? l.t({ fr: 'Mensuel (le 5 du mois suivant)', ar: 'شهرية (يوم 5 من الشهر الموالي)' }) : step.settlementCycle;
      return email({ fr: 'Vos conditions partenaire ont changé', ar: 'تغيّرت شروط الشراكة' }, [
        ar
          ? rich`العمولة: ${strong(percent)} على كل معاملة؛ دورة التسوية: ${strong(cycle)}.`
          : rich`Commission : ${strong(percent)} par transaction ; cycle de règlement : ${strong(cycle)}.`,
        l.t({ fr: "Ces conditions s'appliquent aux prochaines validations.", ar: 'تُطبَّق هذه الشروط على عمليات التحقق القادمة.' }),
      ]);
    }
    case 'deactivated':
      return email({ fr: 'Votre compte partenaire est désactivé', ar: 'تم تعطيل حساب الشريك' }, [
        l.t({
          fr: 'Votre compte partenaire a été désactivé par notre équipe : vos offres ne sont plus proposées. Contactez partenaires@farha.dz pour en savoir plus.',
          ar: 'عطّل فريقنا حساب الشريك: لم تعد عروضكم معروضة. اتصلوا بـ partenaires@farha.dz لمعرفة المزيد.',
        }),
      ]);
    case 'reactivated':
      return email({ fr: 'Votre compte partenaire est réactivé', ar: 'أُعيد تفعيل حساب الشريك' }, [
        l.t({ fr: 'Votre compte partenaire est de nouveau actif.', ar: 'حساب الشريك نشط من جديد.' }),
      ]);
  }
}
