/** A list's on/off filter: on, the list keeps only the records whose `filter` is `value`; off, the filter goes. */
import * as React from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';

export function SwitchFilter({ filter, value, label }: { filter: string; value: string | number; label: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={String(filterValues[filter]) === String(value)}
          onChange={(event) => {
            const { [filter]: _off, ...rest } = filterValues;
            setFilters(event.target.checked ? { ...rest, [filter]: value } : rest, undefined, false);
          }}
        />
      }
      label={translate(label)}
    />
  );
}
