/** "Today" of the business (DESIGN 9): the calendar date in APP_TIMEZONE, for buckets, due dates and jobs. */
import { todayIn, type CalendarDate } from '../../domain/calendar';
import { readEnv } from './config';

let zone: string | undefined;
export const appTimeZone = (): string => (zone ??= readEnv().APP_TIMEZONE);
/** The last second's "today": a charges list asks for it two or three times a request. */
let cached: { second: number; today: CalendarDate } | undefined;
export const appToday = (now?: Date): CalendarDate => {
  if (now) return todayIn(appTimeZone(), now);
  const second = Math.floor(Date.now() / 1000);
  if (cached?.second !== second) cached = { second, today: todayIn(appTimeZone(), new Date(second * 1000)) };
  return cached.today;
};
