/**
 * A search box + Procurar inside a form's tab (vehicle Cliente/Rastreador, tracker Chips): Enter
 * searches instead of submitting the surrounding form. The search's notice ('ok' for an empty
 * term, 'Cliente não encontrado'...) is shown under the box, where the eyes are, in a live region.
 */
import * as React from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useDataProvider, useTranslate, type RaRecord } from 'ra-core';
import { useServerErrorNotify } from '../form/useServerErrorNotify';
import { searchBoxSlotProps } from './SearchBar';

export interface InlineSearchProps {
  /** i18n key of the box's label. */
  label: string;
  onSearch: (term: string) => void;
  disabled?: boolean;
  /** i18n key of the last search's notice; null when there is none. */
  notice?: SearchNotice | null;
}

export interface SearchNotice {
  message: string;
  severity: 'info' | 'warning';
}

export function InlineSearch({ label, onSearch, disabled, notice }: InlineSearchProps) {
  const translate = useTranslate();
  const [term, setTerm] = React.useState('');
  const search = () => onSearch(term.trim());
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={translate(label)}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            search();
          }
        }}
        sx={{ flex: '1 1 240px' }}
        slotProps={searchBoxSlotProps}
      />
      <Button type="button" variant="contained" onClick={search} disabled={disabled}>
        {translate('app.list.search_button')}
      </Button>
      <Box role="status" sx={{ flexBasis: '100%' }}>
        {notice ? (
          <Alert severity={notice.severity} sx={{ py: 0 }}>
            {translate(notice.message)}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}

export interface InlineSearchOptions {
  /** Filters sent with the pesquisa (e.g. `{ idcliente }`: one client's vehicles). */
  filter?: Record<string, unknown>;
  /** The notice for an empty term: 'ok' (SPEC 5) unless a search needs text. */
  emptyNotice?: SearchNotice;
}

const EMPTY_OK: SearchNotice = { message: 'app.veiculos.search_empty', severity: 'info' };

/**
 * The search behind an InlineSearch: an empty term answers 'ok' (SPEC 5) or `emptyNotice`,
 * otherwise the first `perPage` records matching the pesquisa (and `filter`); `undefined` when
 * there is nothing to show (empty term, or a failure already announced in the red snackbar). The
 * caller sets its own "not found" notice.
 */
export function useInlineSearch<T extends RaRecord>(resource: string, perPage: number, options: InlineSearchOptions = {}) {
  const { filter, emptyNotice = EMPTY_OK } = options;
  const dataProvider = useDataProvider();
  const onError = useServerErrorNotify();
  const [searching, setSearching] = React.useState(false);
  const [notice, setNotice] = React.useState<SearchNotice | null>(null);
  const search = async (term: string) => {
    setNotice(null);
    if (!term) {
      setNotice(emptyNotice);
      return undefined;
    }
    setSearching(true);
    try {
      return await dataProvider.getList<T>(resource, {
        filter: { ...filter, pesquisa: term },
        pagination: { page: 1, perPage },
        sort: { field: 'id', order: 'DESC' },
      });
    } catch (error) {
      onError(error);
      return undefined;
    } finally {
      setSearching(false);
    }
  };
  return { search, searching, notice, setNotice };
}

/**
 * An InlineSearch that lists what it finds (a client, a vehicle to pick): `results` holds the last
 * search's records, emptied as a search starts; no match sets the `notFound` notice.
 */
export interface InlineSearchResults<T extends RaRecord> {
  search: (term: string) => Promise<void>;
  results: T[];
  clear: () => void;
  searching: boolean;
  notice: SearchNotice | null;
}

export function useInlineSearchResults<T extends RaRecord>(
  resource: string,
  perPage: number,
  notFound: string,
  options: InlineSearchOptions = {},
) {
  const inline = useInlineSearch<T>(resource, perPage, options);
  const [results, setResults] = React.useState<T[]>([]);
  const search = async (term: string) => {
    setResults([]);
    const found = await inline.search(term);
    if (!found) return;
    if (found.data.length === 0) inline.setNotice({ message: notFound, severity: 'warning' });
    setResults(found.data);
  };
  const clear = () => setResults([]);
  return { search, results, clear, searching: inline.searching, notice: inline.notice };
}
