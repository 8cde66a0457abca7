import type { TErrorSection } from './section.ts';

/** Text messages (issue 25): the recipient's number, the sending limits, STOP and the provider's callbacks. */
export const SMS_ERRORS = {
  SMS_UNAVAILABLE: { status: 400, fr: 'L’envoi par SMS n’est pas disponible sur ce site : le bon part par e-mail', ar: 'الإرسال عبر الرسائل القصيرة غير متاح على هذا الموقع: تُرسَل القسيمة بالبريد الإلكتروني' },
  SMS_PHONE_REQUIRED: { status: 400, fr: 'Indiquez le numéro de mobile du destinataire pour l’envoi par SMS', ar: 'أدخل رقم هاتف المستلم المحمول للإرسال عبر الرسائل القصيرة' },
  SMS_NOT_MOBILE: { status: 400, fr: 'Ce numéro ne peut pas recevoir de SMS : indiquez un numéro de mobile', ar: 'لا يمكن لهذا الرقم استقبال الرسائل القصيرة: أدخل رقم هاتف محمول' },
  SMS_NUMBER_HOURLY_LIMIT: { status: 429, fr: 'Trop de SMS envoyés à ce numéro. Réessayez dans une heure.', ar: 'تم إرسال عدد كبير من الرسائل القصيرة إلى هذا الرقم. أعد المحاولة بعد ساعة.' },
  SMS_NUMBER_DAILY_LIMIT: { status: 429, fr: 'Trop de SMS envoyés à ce numéro aujourd’hui. Réessayez demain.', ar: 'تم إرسال عدد كبير من الرسائل القصيرة إلى هذا الرقم اليوم. أعد المحاولة غدًا.' },
  SMS_CUSTOMER_DAILY_LIMIT: { status: 429, fr: 'Vous avez atteint la limite de {max} SMS par jour. Réessayez demain.', ar: 'لقد بلغت الحد الأقصى وهو {max} رسائل قصيرة في اليوم. أعد المحاولة غدًا.' },
  SMS_OPTED_OUT: { status: 409, fr: 'Ce numéro a refusé les SMS (réponse STOP)', ar: 'رفض هذا الرقم الرسائل القصيرة (ردّ STOP)' },
  SMS_NOT_SCHEDULED: { status: 409, fr: 'Ce bon n’a pas d’envoi par SMS', ar: 'هذه القسيمة ليس لها إرسال عبر الرسائل القصيرة' },
  SMS_SIGNATURE_INVALID: { status: 403, fr: 'Signature invalide', ar: 'توقيع غير صالح' },
  SMS_CALLBACK_UNKNOWN: { status: 404, fr: 'Fournisseur de SMS inconnu', ar: 'مزوّد الرسائل القصيرة غير معروف' },
  SMS_UNSUBSCRIBE_INVALID: { status: 400, fr: 'Ce lien de désinscription est invalide', ar: 'رابط إلغاء الاشتراك هذا غير صالح' },
} as const satisfies TErrorSection;
