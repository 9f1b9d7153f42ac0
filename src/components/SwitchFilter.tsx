/** A list's on/off filter: on, the list keeps only the records whose `source` is `value`; off, the filter goes. */
import * as React from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';

export function SwitchFilter({ source, value, label }: { source: string; value: string | number; label: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={String(filterValues[source]) === String(value)}
          onChange={(event) => {
            const { [source]: _off, ...rest } = filterValues;
            setFilters(event.target.checked ? { ...rest, [source]: value } : rest, undefined, false);
          }}
        />
      }
      label={translate(label)}
    />
  );
}
