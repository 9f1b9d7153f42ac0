/**
 * Data inicial / Data final of a list (service orders on `agendamento`, charges on the due date):
 * two date boxes bound to two list filters, applied as soon as a whole date is chosen. The
 * lists default to the current month in APP_TIMEZONE (SPEC 9): `currentMonthFilter()`.
 */
import * as React from 'react';
import { useListContext, useTranslate } from 'ra-core';
import { firstOfMonth, lastOfMonth, todayIn } from '../../domain/calendar';
import { BrDateField } from './BrDateInput';

/** The company's zone, as the server's default APP_TIMEZONE: the browser's own zone never decides "today". */
export const APP_TIMEZONE = 'America/Sao_Paulo';

/** Today in APP_TIMEZONE, 'YYYY-MM-DD'. */
export const today = (now: Date = new Date()) => todayIn(APP_TIMEZONE, now);

/** `{ [from]: first day, [to]: last day }` of the current month in APP_TIMEZONE. */
export function currentMonthFilter(from = 'dataInicio', to = 'dataFim', now: Date = new Date()): Record<string, string> {
  const date = today(now);
  return { [from]: firstOfMonth(date), [to]: lastOfMonth(date) };
}

export interface DateRangeFilterProps {
  /** The filter holding the first day (inclusive); default `dataInicio`. */
  from?: string;
  /** The filter holding the last day (inclusive); default `dataFim`. */
  to?: string;
}

export function DateRangeFilter({ from = 'dataInicio', to = 'dataFim' }: DateRangeFilterProps) {
  const { filterValues, setFilters } = useListContext();
  return (
    <DateRangeFields
      value={{ from: String(filterValues[from] ?? ''), to: String(filterValues[to] ?? '') }}
      onChange={(range) => {
        const next = { ...filterValues };
        // A date box reports a whole date, or '' once cleared: no bound.
        for (const [source, date] of [
          [from, range.from],
          [to, range.to],
        ]) {
          if (date) next[source] = date;
          else delete next[source];
        }
        setFilters(next, undefined, false);
      }}
    />
  );
}

export interface DateRange {
  /** 'YYYY-MM-DD', or '' for no bound. */
  from: string;
  to: string;
}

/** The two date boxes alone (dd/mm/aaaa), for a page that is not a list (the financial summary). */
export function DateRangeFields({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const translate = useTranslate();
  const box = (key: keyof DateRange, label: string) => (
    <BrDateField
      size="small"
      label={translate(label)}
      value={value[key]}
      onChange={(date) => onChange({ ...value, [key]: date })}
      sx={{ width: 170 }}
    />
  );
  return (
    <>
      {box('from', 'app.list.date_from')}
      {box('to', 'app.list.date_to')}
    </>
  );
}
