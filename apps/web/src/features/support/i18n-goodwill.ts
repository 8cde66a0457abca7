import { makeNamespaceHook } from '@/lib/translation';

/** The goodwill gift card panel of a ticket and a dispute (issue 35, docs/product/gift-cards.md §9). */
const fr = {
  title: 'Cartes cadeaux offertes',
  none: 'Aucune carte cadeau offerte pour l’instant.',
  button: 'Offrir une carte cadeau',
  dialogTitle: 'Offrir une carte cadeau (geste commercial)',
  dialogDescription: 'La carte est envoyée par e-mail à {{email}}, dans sa langue. Plafond : {{max}}.',
  amount: 'Montant (DA)',
  reason: 'Motif (interne, gardé au journal d’audit)',
  message: 'Un mot pour le client (facultatif, dans l’e-mail)',
  submit: 'Envoyer la carte cadeau',
  balance: 'solde {{balance}}',
  until: 'valable jusqu’au {{date}}',
  by: 'par {{name}}, le {{date}}',
  status: { active: 'Active', expired: 'Expirée', cancelled: 'Annulée' },
};

const ar = {
  title: 'بطاقات الهدايا الممنوحة',
  none: 'لم تُمنح أي بطاقة هدية بعد.',
  button: 'منح بطاقة هدية',
  dialogTitle: 'منح بطاقة هدية (بادرة تجارية)',
  dialogDescription: 'تُرسل البطاقة بالبريد الإلكتروني إلى {{email}} بلغته. السقف: {{max}}.',
  amount: 'المبلغ (دج)',
  reason: 'السبب (داخلي، يُحفظ في سجل التدقيق)',
  message: 'كلمة للعميل (اختيارية، في البريد الإلكتروني)',
  submit: 'إرسال بطاقة الهدية',
  balance: 'الرصيد {{balance}}',
  until: 'صالحة حتى {{date}}',
  by: 'من {{name}}، في {{date}}',
  status: { active: 'نشطة', expired: 'منتهية', cancelled: 'ملغاة' },
};

type GoodwillCode = `status.${string}`;
export const useGoodwillTranslation = makeNamespaceHook<typeof fr, GoodwillCode>('supportGoodwill', fr, ar);
