import type { TErrorSection } from './section.ts';

/** Booking an experience with a voucher, and the partner's answer (docs/product/reservations.md). */
export const RESERVATION_ERRORS = {
  VOUCHER_NOT_RESERVABLE: { status: 409, fr: 'Voucher non valide pour réservation', ar: 'الهدية غير صالحة للحجز' },
  VOUCHER_ALREADY_RESERVED: { status: 409, fr: 'Voucher déjà réservé', ar: 'الهدية محجوزة مسبقًا' },
  SLOT_UNAVAILABLE: { status: 409, fr: 'Créneau non disponible', ar: 'الموعد غير متاح' },
  RESERVATION_DATE_PAST: { status: 400, fr: 'Date de réservation dans le passé', ar: 'تاريخ الحجز في الماضي' },
  RESERVATION_TOO_FAR: { status: 400, fr: 'Réservation trop éloignée (max 6 mois)', ar: 'الحجز بعيد جدًا (6 أشهر كحد أقصى)' },
  AVAILABILITY_ERROR: { status: 500, fr: 'Erreur vérification disponibilité', ar: 'خطأ في التحقق من التوفر' },
  RESERVATION_SYSTEM_ERROR: { status: 500, fr: 'Erreur système lors de la réservation', ar: 'خطأ في النظام أثناء الحجز' },
  CANCEL_ERROR: { status: 500, fr: 'Erreur annulation réservation', ar: 'خطأ في إلغاء الحجز' },
  GUESTS: { status: 400, fr: 'Le nombre de participants doit être compris entre 1 et 8', ar: 'يجب أن يكون عدد المشاركين بين 1 و8' },
  PHONE_REQUIRED: { status: 400, fr: 'Le téléphone est obligatoire', ar: 'الهاتف إلزامي' },
  DATE_REQUIRED: { status: 400, fr: 'Veuillez choisir une date', ar: 'يرجى اختيار تاريخ' },
  DATE_INVALID: { status: 400, fr: 'Date de réservation invalide', ar: 'تاريخ الحجز غير صالح' },
  TIME_INVALID: { status: 400, fr: 'Horaire invalide', ar: 'التوقيت غير صالح' },
  OFFER_UNAVAILABLE: { status: 400, fr: "Cette offre n'est pas disponible pour ce coffret", ar: 'هذا العرض غير متاح لهذه العلبة' },
  RESERVATION_AFTER_EXPIRY: { status: 400, fr: 'La date choisie dépasse la date de validité du voucher', ar: 'التاريخ المختار يتجاوز تاريخ صلاحية الهدية' },
  RESERVATION_CANCEL_TOO_LATE: { status: 409, fr: "Une réservation ne peut être annulée que jusqu'à 48 h avant la date prévue. Contactez le partenaire ou le support.", ar: 'لا يمكن إلغاء الحجز إلا قبل 48 ساعة على الأقل من الموعد المحدد. تواصل مع الشريك أو مع الدعم.' },
  RESERVATION_NOT_CANCELLABLE: { status: 409, fr: 'Cette réservation ne peut plus être annulée', ar: 'لم يعد بالإمكان إلغاء هذا الحجز' },
  NO_PROPOSAL: { status: 409, fr: "Aucune nouvelle date n'est proposée pour cette réservation", ar: 'لا يوجد موعد جديد مقترح لهذا الحجز' },
  RESERVATION_NOT_FOUND: { status: 404, fr: 'Réservation introuvable', ar: 'الحجز غير موجود' },
  RESERVATION_NOT_PENDING: { status: 409, fr: "Cette réservation n'est plus en attente", ar: 'هذا الحجز لم يعد في الانتظار' },
  RESERVATION_TRANSITION: { status: 409, fr: 'Cette réservation ne peut plus être modifiée', ar: 'لم يعد بالإمكان تعديل هذا الحجز' },
  DECLINE_REASON_REQUIRED: { status: 400, fr: 'Veuillez indiquer le motif du refus', ar: 'يرجى تحديد سبب الرفض' },
} as const satisfies TErrorSection;
