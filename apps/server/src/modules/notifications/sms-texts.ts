import { voucherPublicUrl } from '@farha/contracts/plain/vouchers';
import { SMS_MAX_SEGMENTS, smsSegments } from '@farha/contracts/plain/sms';
import type { Locale } from './html.ts';

/**
 * The texts of issue 25, in French and Arabic. French keeps to the GSM-7 alphabet where it can (straight
 * quotes, no ç nor circumflex) so that a text takes 160 characters a part; Arabic needs UCS-2 (70).
 * Names and titles given by people are shortened, never the code nor the link, so that every text fits
 * in SMS_MAX_SEGMENTS parts.
 */

type Parts = Record<string, string>;

/** Builds the text, shortening the longest free part (a name, a box) until it fits. */
function fit(parts: Parts, build: (p: Parts) => string): string {
  const current = { ...parts };
  let text = build(current);
  while (smsSegments(text).segments > SMS_MAX_SEGMENTS) {
    const [key, value] = Object.entries(current).sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    if (!key || !value || value.length <= 4) break;
    current[key] = `${value.slice(0, value.endsWith('.') ? value.length - 2 : value.length - 1).trimEnd()}.`;
    text = build(current);
  }
  return text;
}

/** 27/11/2026, Algiers' day. */
export function smsDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value;
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Algiers', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** A time, if any, after the date ("à 14:00" / "الساعة 14:00"). */
const at = (time: string | null | undefined, locale: Locale) => (time ? (locale === 'ar' ? ` الساعة ${time}` : ` à ${time}`) : '');

/** On the delivery day: who offers what, the code and the voucher's page. */
export function giftSms(input: { locale: Locale; senderName: string | null; recipientName: string; boxName: string; boxNameAr: string | null; code: string; publicUrl: string }): string {
  const url = voucherPublicUrl(input.publicUrl, input.code);
  if (input.locale === 'ar') {
    return fit({ sender: input.senderName || 'شخص عزيز', box: input.boxNameAr || input.boxName }, (p) => `${p.sender} يهديك "${p.box}" على فرحة! رمز القسيمة: ${input.code}\n${url}`);
  }
  return fit(
    { sender: input.senderName || 'Un proche', box: input.boxName },
    (p) => `${p.sender} vous offre "${p.box}" sur Farha ! Code du bon : ${input.code}\n${url}`,
  );
}

type ReservationSms = { locale: Locale; partnerName: string; date: string; time: string | null; code: string };

export function reservationConfirmedSms(input: ReservationSms): string {
  const when = `${smsDate(input.date)}${at(input.time, input.locale)}`;
  if (input.locale === 'ar') return fit({ partner: input.partnerName }, (p) => `فرحة: تم تأكيد حجزك لدى ${p.partner} يوم ${when}. رمز القسيمة: ${input.code}`);
  return fit({ partner: input.partnerName }, (p) => `Farha : votre réservation chez ${p.partner} le ${when} est confirmée. Code du bon : ${input.code}`);
}

export function reservationDeclinedSms(input: ReservationSms & { dashboardUrl: string }): string {
  const day = smsDate(input.date);
  if (input.locale === 'ar') return fit({ partner: input.partnerName }, (p) => `فرحة: تعذّر على ${p.partner} استقبالك يوم ${day}. اختر موعدًا آخر: ${input.dashboardUrl}`);
  return fit({ partner: input.partnerName }, (p) => `Farha : ${p.partner} ne peut pas vous recevoir le ${day}. Choisissez une autre date : ${input.dashboardUrl}`);
}

export function reservationReminderSms(input: ReservationSms & { address: string }): string {
  const when = `${smsDate(input.date)}${at(input.time, input.locale)}`;
  if (input.locale === 'ar') {
    return fit({ partner: input.partnerName, address: input.address }, (p) => `فرحة: تذكير، موعدك غدًا ${when} لدى ${p.partner}، ${p.address}. رمز القسيمة: ${input.code}`);
  }
  return fit(
    { partner: input.partnerName, address: input.address },
    (p) => `Farha : rappel, rendez-vous demain ${when} chez ${p.partner}, ${p.address}. Code du bon : ${input.code}`,
  );
}

export function expiryReminderSms(input: { locale: Locale; boxName: string; boxNameAr: string | null; expiresAt: Date; daysLeft: number; dashboardUrl: string }): string {
  const day = smsDate(input.expiresAt);
  if (input.locale === 'ar') {
    return fit({ box: input.boxNameAr || input.boxName }, (p) => `فرحة: قسيمتك "${p.box}" تنتهي صلاحيتها يوم ${day} (بعد ${input.daysLeft} يوم). احجز الآن: ${input.dashboardUrl}`);
  }
  return fit(
    { box: input.boxName },
    (p) => `Farha : votre bon "${p.box}" expire le ${day} (dans ${input.daysLeft} j). Réservez vite : ${input.dashboardUrl}`,
  );
}

export function partnerReservationRequestSms(input: { locale: Locale; customerName: string; date: string; time: string | null; guests: number; url: string }): string {
  const when = `${smsDate(input.date)}${at(input.time, input.locale)}`;
  if (input.locale === 'ar') return fit({ name: input.customerName }, (p) => `فرحة: طلب حجز جديد من ${p.name} يوم ${when} لـ ${input.guests} أشخاص. للرد: ${input.url}`);
  return fit({ name: input.customerName }, (p) => `Farha : nouvelle demande de réservation de ${p.name} le ${when} pour ${input.guests} pers. Répondez ici : ${input.url}`);
}

export function ticketAnsweredSms(input: { locale: Locale; subject: string; url: string }): string {
  if (input.locale === 'ar') return fit({ subject: input.subject }, (p) => `فرحة: ردّ فريق الدعم على طلبك "${p.subject}". اقرأ الرد: ${input.url}`);
  return fit({ subject: input.subject }, (p) => `Farha : le support a répondu à votre demande "${p.subject}". Lire la réponse : ${input.url}`);
}

/** Issue 32: the code that lets a number that answered STOP take texts again (typed back on Farha). */
export function smsConsentCodeSms(input: { locale: Locale; code: string }): string {
  if (input.locale === 'ar') return `فرحة: رمز إعادة تفعيل الرسائل: ${input.code} (10 دقائق). تجاهله إن لم تطلبه.`;
  return `Farha : code pour recevoir de nouveau nos SMS sur ce numéro : ${input.code} (valable 10 min). Ignorez ce message si vous ne l'avez pas demandé.`;
}
