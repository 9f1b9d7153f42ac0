/**
 * A search box + Procurar inside a form's tab (vehicle Cliente/Rastreador, tracker Chips): Enter
 * searches instead of submitting the surrounding form. The search's notice ('ok' for an empty
 * term, 'Cliente não encontrado'...) is shown under the box, where the eyes are, in a live region.
 */
import * as React from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';

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
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
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
