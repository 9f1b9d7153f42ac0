/** "Today" of the business (DESIGN 9): the calendar date in APP_TIMEZONE, for buckets, due dates and jobs. */
import { todayIn, type CalendarDate } from '../../domain/calendar';
import { readEnv } from '../config';

let zone: string | undefined;
export const appTimeZone = (): string => (zone ??= readEnv().APP_TIMEZONE);
export const appToday = (now: Date = new Date()): CalendarDate => todayIn(appTimeZone(), now);
