/**
 * Reservation slots of one partner on one day: a pure function of its weekly hours, that day's
 * exception and the guests already booked. The customer area and the partner portal both use it.
 */

export type TimeRange = { from: string; to: string };
/** Keyed by ISO weekday "1" (Monday) … "7" (Sunday); "0" is also read as Sunday. */
export type WeeklyHours = Record<string, TimeRange[]>;
export type AvailabilitySettings = { weeklyHours: WeeklyHours; slotMinutes: number; capacity: number };
export type DayException = { closed: boolean; hours: TimeRange[] | null; capacity: number | null };

export type ComputedSlot = { time: string; capacity: number; booked: number; remaining: number; available: boolean };
export type ComputedDay = { date: string; closed: boolean; sampleHours: boolean; slots: ComputedSlot[] };

/**
 * docs/product/reservations.md §4: the sample availability, used while a partner has set no hours: 09:00 to 16:00 (last slot),
 * Saturday 09:00 and 10:00 only, Sunday closed, capacity 20.
 */
export const SAMPLE_AVAILABILITY: AvailabilitySettings = {
  weeklyHours: {
    '1': [{ from: '09:00', to: '17:00' }],
    '2': [{ from: '09:00', to: '17:00' }],
    '3': [{ from: '09:00', to: '17:00' }],
    '4': [{ from: '09:00', to: '17:00' }],
    '5': [{ from: '09:00', to: '17:00' }],
    '6': [{ from: '09:00', to: '11:00' }],
    '7': [],
  },
  slotMinutes: 60,
  capacity: 20,
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function toMinutes(value: string): number | null {
  const m = HHMM.exec(value) ?? (value === '24:00' ? [value, '24', '00'] : null);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function toHHMM(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** ISO weekday of a YYYY-MM-DD day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Ranges stored as JSON may be anything: keep only well-formed, non-empty ones. */
export function parseRanges(value: unknown): TimeRange[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (r): r is TimeRange =>
      !!r &&
      typeof r === 'object' &&
      typeof (r as TimeRange).from === 'string' &&
      typeof (r as TimeRange).to === 'string' &&
      toMinutes((r as TimeRange).from) !== null &&
      toMinutes((r as TimeRange).to) !== null &&
      toMinutes((r as TimeRange).from)! < toMinutes((r as TimeRange).to)!,
  );
}

export function hoursForWeekday(weeklyHours: unknown, weekday: number): TimeRange[] {
  if (!weeklyHours || typeof weeklyHours !== 'object') return [];
  const table = weeklyHours as Record<string, unknown>;
  const own = table[String(weekday)];
  if (own === undefined && weekday === 7) return parseRanges(table['0']);
  return parseRanges(own);
}

/** Slot start times of a set of opening ranges: every `slotMinutes` that fits whole before closing. */
export function slotTimes(ranges: TimeRange[], slotMinutes: number): string[] {
  const times = new Set<number>();
  const step = Math.max(5, Math.floor(slotMinutes));
  for (const range of ranges) {
    const from = toMinutes(range.from)!;
    const to = toMinutes(range.to)!;
    for (let t = from; t + step <= to; t += step) times.add(t);
  }
  return [...times].sort((a, b) => a - b).map(toHHMM);
}

export type DaySlotsInput = {
  date: string;
  /** The partner's settings; null when it has none (the sample applies). */
  availability: AvailabilitySettings | null;
  exception?: DayException | null;
  /** Guests of pending and confirmed reservations per start time (HH:MM). */
  booked?: ReadonlyMap<string, number> | Record<string, number>;
  /** With `nowTime`: slots of `today` that already started are not available. */
  today?: string;
  nowTime?: string;
  /** Size of the party asking: a slot is available when at least this many places remain. */
  guests?: number;
};

export function computeDaySlots(input: DaySlotsInput): ComputedDay {
  const sampleHours = input.availability === null;
  const settings = input.availability ?? SAMPLE_AVAILABILITY;
  const exception = input.exception ?? null;
  const past = input.today !== undefined && input.date < input.today;
  if (exception?.closed) return { date: input.date, closed: true, sampleHours, slots: [] };

  const ranges = exception?.hours ? parseRanges(exception.hours) : hoursForWeekday(settings.weeklyHours, isoWeekday(input.date));
  const capacity = Math.max(0, exception?.capacity ?? settings.capacity);
  const times = slotTimes(ranges, settings.slotMinutes);
  if (times.length === 0) return { date: input.date, closed: true, sampleHours, slots: [] };

  const bookedOf = (time: string): number => {
    const b = input.booked;
    if (!b) return 0;
    return (b instanceof Map ? b.get(time) : (b as Record<string, number>)[time]) ?? 0;
  };
  const guests = Math.max(1, input.guests ?? 1);
  const slots = times.map((time) => {
    const booked = bookedOf(time);
    const remaining = Math.max(0, capacity - booked);
    const started = past || (input.today === input.date && input.nowTime !== undefined && time <= input.nowTime);
    return { time, capacity, booked, remaining, available: !started && remaining >= guests };
  });
  return { date: input.date, closed: false, sampleHours, slots };
}
