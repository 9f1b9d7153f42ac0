/**
 * The pieces of a form tab that searches records and keeps the chosen one's id in a form value
 * (the Cliente tab, the order's Veículo and Rastreador tabs): the chosen record, the search with its
 * results, the tab's column, and a tab that waits for an earlier choice.
 */
import * as React from 'react';
import { Alert, Box, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useGetOne, useInput, useTranslate, type RaRecord } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { FieldError } from './FieldError';
import { InlineSearch, type InlineSearchResults } from './InlineSearch';

/**
 * The record whose id is in `source`: the one just picked, else the form record's embedded copy
 * (`embedded`, when `isComplete` accepts it), else read from `resource` (falling back to the
 * embedded copy while it loads). `choose` picks a record and sets its id.
 */
export function useChosenRecord<T extends RaRecord, E extends RaRecord = T>(
  source: string,
  resource: string,
  embedded: E | null | undefined,
  isComplete: (embedded: E) => boolean = () => true,
) {
  const { field, fieldState } = useInput({ source });
  const id = Number(field.value) || 0;
  const [picked, setPicked] = React.useState<T | null>(null);
  const knownLocally = picked?.id === id;
  const ownCopy = embedded?.id === id ? embedded : null;
  const complete = ownCopy && isComplete(ownCopy) ? ownCopy : null;
  const { data: fetched } = useGetOne<T>(resource, { id }, { enabled: id > 0 && !knownLocally && !complete });
  const shown = knownLocally ? picked : (complete ?? fetched ?? ownCopy);
  const choose = (record: T) => {
    setPicked(record);
    field.onChange(record.id);
  };
  return { id, shown, choose, error: fieldState.error?.message };
}

export interface ChosenRecordProps {
  /** i18n key of the heading (and the section's name): 'Cliente da ordem', 'Veículo da ordem'... */
  label: string;
  /** i18n key of the text shown while nothing is chosen. */
  none: string;
  error?: string;
  /** The chosen record's card; nothing while none is chosen. */
  children?: React.ReactNode;
}

/** The required choice: its heading (red on error), the chosen record's card or `none`, the error. */
export function ChosenRecord({ label, none, error, children }: ChosenRecordProps) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(label)}>
      <Typography variant="subtitle2" component="h3" color={error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
        {translate(label)} *
      </Typography>
      {children || <Typography color="text.secondary">{translate(none)}</Typography>}
      <FieldError error={error} />
    </Box>
  );
}

/** What a search looks for, in words: its box's and results' names, and how a found record reads. */
export interface PickKind<T extends RaRecord> {
  /** i18n keys of the box's label and of the results' section name. */
  labels: [search: string, results: string];
  icon: React.ReactNode;
  primary: (record: T) => React.ReactNode;
  secondary: (record: T) => React.ReactNode;
}

export interface PickSearchProps<T extends RaRecord> {
  /** The search behind the box (useInlineSearchResults). */
  search: InlineSearchResults<T>;
  /** The choice a pick sets (useChosenRecord). */
  chosen: { id: number; choose: (record: T) => void };
  kind: PickKind<T>;
  /** Without the box: only the choice shows (a finalized order, a saved subscription). */
  readOnly?: boolean;
  /** After a pick, with the id chosen before it (to forget what belonged to the previous one). */
  onPick?: (record: T, previous: number) => void;
}

/** Picking a record: it is chosen, the search's results go, then `onPick` hears of it with the id chosen before. */
export function picker<T extends RaRecord>(
  chosen: PickSearchProps<T>['chosen'],
  search: InlineSearchResults<T>,
  onPick?: (record: T, previous: number) => void,
) {
  return (record: T) => {
    const previous = chosen.id;
    chosen.choose(record);
    search.clear();
    onPick?.(record, previous);
  };
}

/** The search box and the last search's results, one button each to pick it: the pick is chosen and the results go. */
export function PickSearch<T extends RaRecord>({ search, chosen, kind, readOnly, onPick }: PickSearchProps<T>) {
  const translate = useTranslate();
  const [label, resultsLabel] = kind.labels;
  const pick = picker(chosen, search, onPick);
  return (
    <>
      {readOnly ? null : (
        <InlineSearch label={label} onSearch={(term) => void search.search(term)} disabled={search.searching} notice={search.notice} />
      )}
      {search.results.length > 0 ? (
        <Box component="section" aria-label={translate(resultsLabel)}>
          <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {search.results.map((record) => (
              <ListItemButton key={record.id} onClick={() => pick(record)}>
                <ListItemIcon sx={{ minWidth: 36 }}>{kind.icon}</ListItemIcon>
                <ListItemText primary={kind.primary(record)} secondary={kind.secondary(record)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      ) : null}
    </>
  );
}

/** A search tab's column: the search, the results, the chosen record, one under the other. */
export function TabColumn({ children }: { children: React.ReactNode }) {
  return <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', pt: 1 }}>{children}</Box>;
}

export interface AfterChoiceTabProps {
  /** The form value chosen in an earlier tab (`idcliente`, `idveiculo`). */
  source: string;
  /** i18n key of the warning while it is empty ('Dados do cliente obrigatórios'). */
  required: string;
  /** The tab's content for that id; a new id starts it afresh. */
  children: (id: number) => React.ReactElement;
}

/** A tab that works on an earlier tab's choice: a warning until that choice is made. */
export function AfterChoiceTab({ source, required, children }: AfterChoiceTabProps) {
  const translate = useTranslate();
  const id = Number(useWatch({ name: source })) || 0;
  return (
    <TabColumn>
      {id ? <React.Fragment key={id}>{children(id)}</React.Fragment> : <Alert severity="warning">{translate(required)}</Alert>}
    </TabColumn>
  );
}
