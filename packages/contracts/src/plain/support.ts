// Farha's support hours and channels as every page and e-mail says them (issue 22: one source for the
// homepage, the help centres, the partner portal, the e-mail footers and the SLA).

/**
 * The desk's business hours (issue 14): SLA budgets and response times count only the minutes from 09:00
 * to 18:00 (docs/product/support.md §5), Sunday (0) to Thursday (4), in Algiers (UTC+1). The
 * pages that tell customers and partners when someone answers say these same hours.
 */
export const SUPPORT_BUSINESS_HOURS = { days: [0, 1, 2, 3, 4], openHour: 9, closeHour: 18, utcOffsetMinutes: 60 } as const;

/** The support address until the superadmin sets another (settings, platform.support_email). */
export const DEFAULT_SUPPORT_EMAIL = 'support@farha.dz';

type Locale = 'fr' | 'ar';

/**
 * The weekdays' names (0 = Sunday) in the reader's language, as Intl's fr-FR and ar-DZ write them
 * (support-hours.test.ts compares them): written out rather than asked of Intl, whose first date formatter
 * loads the locale's data in the middle of the homepage's hydration (about 90 ms of a phone's time; issue 34).
 */
const WEEKDAYS: Record<Locale, readonly string[]> = {
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
};

const weekday = (day: number, locale: Locale): string => WEEKDAYS[locale][day]!;

const hour = (h: number, locale: Locale) => (locale === 'ar' ? `${h}:00` : `${h} h`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Runs of consecutive days, the week read from the first open day (Sunday: "vendredi et samedi" stay one run). */
function runs(days: readonly number[]): number[][] {
  const start = SUPPORT_BUSINESS_HOURS.days[0];
  const order = [0, 1, 2, 3, 4, 5, 6].map((i) => (start + i) % 7);
  const out: number[][] = [];
  for (const day of order) {
    if (!days.includes(day)) continue;
    const last = out.at(-1);
    if (last && order.indexOf(last.at(-1)!) === order.indexOf(day) - 1) last.push(day);
    else out.push([day]);
  }
  return out;
}

function daysLabel(run: number[], locale: Locale): string {
  const first = weekday(run[0]!, locale);
  if (run.length === 1) return first;
  const last = weekday(run.at(-1)!, locale);
  return run.length === 2 ? (locale === 'ar' ? `${first} و${last}` : `${first} et ${last}`) : `${first} – ${last}`;
}

/** "Du dimanche au jeudi, de 9 h à 18 h" / "من الأحد إلى الخميس، من 9:00 إلى 18:00": when someone answers. */
export function supportHoursText(locale: Locale): string {
  const { days, openHour, closeHour } = SUPPORT_BUSINESS_HOURS;
  const open = runs(days)[0]!;
  const first = weekday(open[0]!, locale);
  const last = weekday(open.at(-1)!, locale);
  return locale === 'ar'
    ? `من ${first} إلى ${last}، من ${hour(openHour, locale)} إلى ${hour(closeHour, locale)}`
    : `Du ${first} au ${last}, de ${hour(openHour, locale)} à ${hour(closeHour, locale)}`;
}

/** The opening-hours table: the open days with their hours, then the closed days. */
export function supportHoursRows(locale: Locale, closed: string): { label: string; value: string }[] {
  const { days, openHour, closeHour } = SUPPORT_BUSINESS_HOURS;
  const closedDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => !(days as readonly number[]).includes(day));
  return [
    ...runs(days).map((run) => ({ label: capitalize(daysLabel(run, locale)), value: `${hour(openHour, locale)} – ${hour(closeHour, locale)}` })),
    ...runs(closedDays).map((run) => ({ label: capitalize(daysLabel(run, locale)), value: closed })),
  ];
}
