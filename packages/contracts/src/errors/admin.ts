import type { TErrorSection } from './section.ts';

/** The back office: payouts, refunds, KYC, users, settings (spec 02 §6–§9). */
export const ADMIN_ERRORS = {
  PAYOUT_PROCESSING_ERROR: { status: 500, fr: 'Erreur traitement règlement', ar: 'خطأ في معالجة التسوية' },
  PAYOUT_REFERENCE_REQUIRED: { status: 400, fr: 'Indiquez la référence du virement', ar: 'أدخل مرجع التحويل' },
  PAYOUT_REASON_REQUIRED: { status: 400, fr: "Indiquez le motif de l'échec", ar: 'أدخل سبب الفشل' },
  KYC_DOCUMENTS_MISSING: { status: 400, fr: 'Documents manquants: {documents}', ar: 'وثائق ناقصة: {documents}' },
  KYC_SUBMIT_ERROR: { status: 500, fr: 'Erreur soumission documents', ar: 'خطأ في إرسال الوثائق' },
  KYC_VALIDATION_ERROR: { status: 500, fr: 'Erreur validation KYC', ar: 'خطأ في التحقق من الهوية' },
  KYC_REASON_REQUIRED: { status: 400, fr: 'Indiquez le motif du rejet', ar: 'أدخل سبب الرفض' },
  KYC_DOCUMENT_TYPE: { status: 400, fr: 'Type de document inconnu', ar: 'نوع وثيقة غير معروف' },
  KYC_DOCUMENT_NOT_FOUND: { status: 404, fr: 'Document introuvable', ar: 'الوثيقة غير موجودة' },
  KYC_ALREADY_VERIFIED: { status: 409, fr: 'KYC déjà validé', ar: 'تم التحقق من الهوية مسبقا' },
  USER_NOT_FOUND: { status: 404, fr: 'Utilisateur introuvable', ar: 'المستخدم غير موجود' },
  CANNOT_SUSPEND_SELF: { status: 409, fr: 'Vous ne pouvez pas suspendre votre propre compte', ar: 'لا يمكنك تعليق حسابك الخاص' },
  LAST_SUPERADMIN: { status: 409, fr: 'Impossible de suspendre le dernier super administrateur', ar: 'لا يمكن تعليق آخر مسؤول أعلى' },
  USER_ALREADY_SUSPENDED: { status: 409, fr: 'Ce compte est déjà suspendu', ar: 'هذا الحساب معلق بالفعل' },
  USER_NOT_SUSPENDED: { status: 409, fr: "Ce compte n'est pas suspendu", ar: 'هذا الحساب غير معلق' },
  SELF_REGISTRATION_CLOSED: { status: 403, fr: "Les inscriptions partenaires sont fermées pour l'instant", ar: 'تسجيل الشركاء مغلق حاليا' },
  PARTNER_REGISTER_FAILED: { status: 409, fr: "Erreur lors de l'inscription", ar: 'خطأ أثناء التسجيل' },
  SETTINGS_SAVE_ERROR: { status: 500, fr: 'Erreur de sauvegarde', ar: 'خطأ في الحفظ' },
  SETTINGS_AMOUNTS: { status: 400, fr: 'Le montant minimum doit être inférieur au maximum', ar: 'يجب أن يكون الحد الأدنى أقل من الحد الأقصى' },
  REFUND_NOT_FOUND: { status: 404, fr: 'Remboursement introuvable', ar: 'الاسترداد غير موجود' },
  REFUND_TRANSITION: { status: 409, fr: 'Ce remboursement a déjà été traité', ar: 'تمت معالجة هذا الاسترداد مسبقا' },
} as const satisfies TErrorSection;
