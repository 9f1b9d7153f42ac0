/**
 * Calendar dates ('YYYY-MM-DD', no time of day, no time zone) for due dates, buckets and the
 * billing job (DESIGN 9, "today"): "today" is the date on the wall clock of a time zone
 * (APP_TIMEZONE), and every step from one date to another is calendar arithmetic in UTC, which
 * has no daylight saving to skip or repeat a day.
 */

export type CalendarDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date written as YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const toUtc = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number): CalendarDate => new Date(ms).toISOString().slice(0, 10);

/** The date on the wall clock of `timeZone` at `now`. */
/** One formatter per time zone: building one costs far more than formatting (the server asks for "today" on every list). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

export const isLastDayOfMonth = (date: CalendarDate) => {
  const [year, month, day] = date.split('-').map(Number);
  return day === daysInMonth(year, month);
};

/**
 * `months` later, keeping the day of the month where the month has it (Jan 31 → Feb 28/29) and
 * the end of the month for a date on the last day (Feb 28 → Mar 31 → Apr 30): a due date on the
 * 31st stays at the end of every month instead of drifting to the 28th.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const [nextYear, nextMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const last = daysInMonth(nextYear, nextMonth);
  const nextDay = isLastDayOfMonth(date) ? last : Math.min(day, last);
  return `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-${String(nextDay).padStart(2, '0')}`;
}

export const firstOfMonth = (date: CalendarDate): CalendarDate => `${date.slice(0, 7)}-01`;
export function lastOfMonth(date: CalendarDate): CalendarDate {
  const [year, month] = date.split('-').map(Number);
  return `${date.slice(0, 7)}-${String(daysInMonth(year, month)).padStart(2, '0')}`;
}

/** One formatter per time zone: building one costs far more than formatting. */
const wallFormats = new Map<string, Intl.DateTimeFormat>();
type WallPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** The wall clock of `timeZone` at `date`: two-digit parts (year with four), hours 00–23. */
export function wallClock(date: Date, timeZone: string): Record<WallPart, string> {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: WallPart) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Milliseconds from `now` until `hh:mm` of the next day on the wall clock of `timeZone`. */
export function msUntilNextDay(timeZone: string, now: Date = new Date(), hour = 0, minute = 1): number {
  const tomorrow = addDays(todayIn(timeZone, now), 1);
  // The zone's offset from UTC at that moment, found by reading the wall clock back (DST-proof to the minute).
  const guess = Date.parse(`${tomorrow}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const wall = wallClock(new Date(guess), timeZone);
  const part = (type: WallPart) => Number(wall[type]);
  const wallMs = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const target = guess - (wallMs - guess);
  return Math.max(1000, target - now.getTime());
}
