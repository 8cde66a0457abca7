import type { TErrorSection } from './section.ts';

/** Sign-in, registration, profile, password and its reset (spec 01 §2, §5). */
export const ACCOUNT_ERRORS = {
  INVALID_EMAIL: { status: 400, fr: 'Adresse email invalide', ar: 'عنوان البريد الإلكتروني غير صالح' },
  EMAIL_INVALID: { status: 400, fr: "Format d'email invalide", ar: 'صيغة البريد الإلكتروني غير صالحة' },
  INVALID_CREDENTIALS: { status: 401, fr: 'Email ou mot de passe incorrect', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  LOGIN_FAILED: { status: 500, fr: 'Erreur de connexion. Veuillez réessayer.', ar: 'خطأ في الاتصال. يُرجى المحاولة مرة أخرى.' },
  REGISTER_FAILED: { status: 409, fr: "Erreur lors de l'inscription. Email peut-être déjà utilisé.", ar: 'خطأ أثناء التسجيل. ربما البريد الإلكتروني مستعمل من قبل.' },
  PASSWORD_MISMATCH: { status: 400, fr: 'Les mots de passe ne correspondent pas', ar: 'كلمتا المرور غير متطابقتين' },
  NEW_PASSWORD_MISMATCH: { status: 400, fr: 'Les nouveaux mots de passe ne correspondent pas', ar: 'كلمتا المرور الجديدتان غير متطابقتين' },
  PASSWORD_TOO_SHORT: { status: 400, fr: 'Le mot de passe doit contenir au moins 6 caractères', ar: 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل' },
  PASSWORD_FIELDS_REQUIRED: { status: 400, fr: 'Tous les champs mot de passe sont obligatoires', ar: 'كل حقول كلمة المرور إلزامية' },
  CURRENT_PASSWORD_WRONG: { status: 400, fr: 'Mot de passe actuel incorrect', ar: 'كلمة المرور الحالية غير صحيحة' },
  INVALID_PHONE: { status: 400, fr: 'Format de téléphone invalide', ar: 'صيغة رقم الهاتف غير صالحة' },
  NAME_REQUIRED: { status: 400, fr: 'Le prénom et nom sont obligatoires', ar: 'الاسم واللقب إلزاميان' },
  REGISTRATION_LIMITED: { status: 429, fr: 'Trop de comptes créés depuis cette adresse. Veuillez réessayer dans une heure.', ar: 'تم إنشاء عدد كبير من الحسابات من هذا العنوان. يُرجى المحاولة مجددًا بعد ساعة.' },
  ACCOUNT_SUSPENDED: { status: 403, fr: 'Compte suspendu. Contactez le support.', ar: 'الحساب موقوف. يُرجى الاتصال بالدعم.' },
  EMAIL_TAKEN: { status: 409, fr: 'Cet email est déjà utilisé par un autre compte', ar: 'هذا البريد الإلكتروني مستعمل من طرف حساب آخر' },
  UNKNOWN_TIMEZONE: { status: 400, fr: 'Fuseau horaire inconnu', ar: 'منطقة زمنية غير معروفة' },
  PROFILE_ERROR: { status: 500, fr: 'Erreur lors de la mise à jour du profil', ar: 'خطأ أثناء تحديث الملف الشخصي' },
  PASSWORD_ERROR: { status: 500, fr: 'Erreur lors du changement de mot de passe', ar: 'خطأ أثناء تغيير كلمة المرور' },
  EXPORT_ERROR: { status: 500, fr: "Erreur lors de l'export des données", ar: 'خطأ أثناء تصدير البيانات' },
  RESET_TOKEN_INVALID: { status: 400, fr: 'Ce lien de réinitialisation est invalide ou a déjà été utilisé.', ar: 'رابط إعادة التعيين هذا غير صالح أو سبق استعماله.' },
  RESET_TOKEN_EXPIRED: { status: 400, fr: 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau.', ar: 'انتهت صلاحية رابط إعادة التعيين هذا. اطلب رابطًا جديدًا.' },
} as const satisfies TErrorSection;
