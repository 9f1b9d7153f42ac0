/**
 * Search box + Procurar + Todos (SPEC 2.6): the term applies on Procurar or Enter. Todos clears
 * every filter, the list's defaults too (a status, the current month): "all" means all, so a record
 * made outside the defaults (a December charge, an order still open) shows (issue 30).
 */
import * as React from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';

/** A search box's magnifier, at its start (a TextField's slotProps): the lists' search and the forms' pickers. */
export const searchBoxSlotProps = {
  input: {
    startAdornment: (
      <InputAdornment position="start">
        <SearchIcon fontSize="small" />
      </InputAdornment>
    ),
  },
};

export function SearchBar({ children }: { children?: React.ReactNode }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const pesquisa = String(filterValues.pesquisa ?? '');
  const [term, setTerm] = React.useState(pesquisa);
  // The box follows the list's pesquisa when it changes elsewhere (Back, a link): adjusted while
  // rendering, as React recommends, rather than in an effect.
  const [applied, setApplied] = React.useState(pesquisa);
  if (pesquisa !== applied) {
    setApplied(pesquisa);
    setTerm(pesquisa);
  }

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const next = { ...filterValues, pesquisa: term.trim() };
    if (!next.pesquisa) delete next.pesquisa;
    setFilters(next, undefined, false);
  };

  const reset = () => {
    setTerm('');
    setFilters({}, undefined, false);
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={apply}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}
    >
      <TextField
        size="small"
        label={translate('app.list.search')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        sx={{ flex: '1 1 220px', maxWidth: 420 }}
        slotProps={searchBoxSlotProps}
      />
      <Button type="submit" variant="contained">
        {translate('app.list.search_button')}
      </Button>
      <Button type="button" variant="outlined" onClick={reset}>
        {translate('app.list.reset')}
      </Button>
      {children}
    </Box>
  );
}

export interface StatusOption {
  id: number;
  name: string;
}

/** A status select that applies at once; '' = every status. */
export function StatusFilter({ choices }: { choices: StatusOption[] }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const value = filterValues.status ?? '';
  return (
    <TextField
      select
      size="small"
      label={translate('app.list.status')}
      value={value === '' ? '' : String(value)}
      onChange={(event) => {
        const next = { ...filterValues };
        if (event.target.value === '') delete next.status;
        else next.status = Number(event.target.value);
        setFilters(next, undefined, false);
      }}
      fullWidth={false}
      sx={{ width: 180 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('app.status.all')}</option>
      {choices.map((choice) => (
        <option key={choice.id} value={String(choice.id)}>
          {translate(choice.name, { _: choice.name })}
        </option>
      ))}
    </TextField>
  );
}
