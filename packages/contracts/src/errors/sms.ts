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
  // Issue 32: mobiles of the countries finance lists only; STOP undone by the number's holder only.
  SMS_COUNTRY_NOT_SERVED: { status: 400, fr: 'Les SMS ne partent que vers les mobiles de ces pays : {countries}', ar: 'لا تُرسل الرسائل القصيرة إلا إلى الهواتف المحمولة في هذه البلدان: {countries}' },
  SMS_COUNTRY_UNKNOWN: { status: 400, fr: 'Code de pays inconnu : {country} (deux lettres, par exemple DZ, FR)', ar: 'رمز بلد غير معروف: {country} (حرفان، مثل DZ وFR)' },
  SMS_NUMBER_STOPPED: {
    status: 409,
    fr: 'Ce numéro a répondu STOP : il ne recevra plus de SMS tant que son titulaire n’aura pas répondu START ou confirmé le code envoyé au numéro',
    ar: 'ردّ هذا الرقم بـ STOP: لن تصله أي رسالة قصيرة حتى يردّ صاحبه بـ START أو يؤكد الرمز المرسل إلى الرقم',
  },
  SMS_CONSENT_NOT_YOURS: { status: 403, fr: 'Ce numéro n’est ni celui de votre compte ni celui d’un de vos établissements', ar: 'هذا الرقم ليس رقم حسابك ولا رقم إحدى مؤسساتك' },
  SMS_CONSENT_NOT_STOPPED: { status: 409, fr: 'Ce numéro reçoit déjà les SMS', ar: 'هذا الرقم يستقبل الرسائل القصيرة بالفعل' },
  SMS_CONSENT_CODE_INVALID: { status: 400, fr: 'Code incorrect ou expiré', ar: 'الرمز غير صحيح أو منتهي الصلاحية' },
  SMS_CONSENT_TOO_MANY: { status: 429, fr: 'Trop de codes demandés pour ce numéro. Réessayez demain.', ar: 'طُلب عدد كبير من الرموز لهذا الرقم. أعد المحاولة غدًا.' },
  SMS_UNSUBSCRIBE_INVALID: { status: 400, fr: 'Ce lien de désinscription est invalide', ar: 'رابط إلغاء الاشتراك هذا غير صالح' },
} as const satisfies TErrorSection;
