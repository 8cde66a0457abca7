import type { TErrorSection } from './section.ts';

/** The live chat (issue 36, docs/product/live-chat.md). */
export const CHAT_ERRORS = {
  CHAT_NOT_FOUND: { status: 404, fr: 'Discussion introuvable', ar: 'المحادثة غير موجودة' },
  CHAT_TAKEN: { status: 409, fr: 'Cette discussion a déjà été prise en charge', ar: 'تم التكفل بهذه المحادثة بالفعل' },
  CHAT_MAX_REACHED: {
    status: 409,
    fr: 'Vous avez déjà {max} discussions en cours : terminez-en une avant d’en accepter une autre',
    ar: 'لديكم بالفعل {max} محادثات جارية: أنهوا واحدة قبل قبول أخرى',
  },
  CHAT_ENDED: { status: 409, fr: 'Cette discussion est terminée : elle ne peut plus recevoir de message', ar: 'انتهت هذه المحادثة: لا يمكنها استقبال رسائل جديدة' },
  CHAT_NOT_ACTIVE: { status: 409, fr: 'Cette discussion n’est pas en cours', ar: 'هذه المحادثة ليست جارية' },
  CHAT_NOT_ENDED: { status: 409, fr: 'Vous pourrez noter la discussion une fois terminée', ar: 'يمكنكم تقييم المحادثة بعد انتهائها' },
  CHAT_ALREADY_OPEN: { status: 409, fr: 'Vous avez déjà une discussion en cours', ar: 'لديكم بالفعل محادثة جارية' },
  CHAT_NOT_ASSIGNED: { status: 409, fr: 'Cette discussion est suivie par un autre conseiller', ar: 'يتابع هذه المحادثة مستشار آخر' },
  CHAT_VISITOR_DETAILS: { status: 400, fr: 'Indiquez votre nom et votre e-mail pour discuter avec un conseiller', ar: 'أدخلوا اسمكم وبريدكم الإلكتروني للتحدث مع مستشار' },
  CHAT_AGENT_UNAVAILABLE: {
    status: 409,
    fr: 'Ce conseiller n’est pas disponible ou a atteint son maximum de discussions',
    ar: 'هذا المستشار غير متاح أو بلغ الحد الأقصى من المحادثات',
  },
  CHAT_RATE_LIMITED: { status: 429, fr: 'Trop de messages : patientez un instant avant d’écrire à nouveau', ar: 'رسائل كثيرة: انتظروا لحظة قبل الكتابة مجددًا' },
  CHAT_TRANSCRIPT_LIMIT: {
    status: 429,
    fr: 'La transcription vient d’être envoyée : vous pourrez la redemander dans 10 minutes',
    ar: 'تم إرسال نص المحادثة للتو: يمكنكم طلبه مجددًا بعد 10 دقائق',
  },
} as const satisfies TErrorSection;
