/** The orders list's own filters: the técnico, and 'Minhas ordens' (the signed-in user's). */
import * as React from 'react';
import { FormControlLabel, Switch, TextField } from '@mui/material';
import { useGetIdentity, useListContext, useTranslate } from 'ra-core';
import { useTecnicos } from './OrdemServicoInputs';

function setTecnico(filterValues: Record<string, unknown>, idtecnico: number | null) {
  const next = { ...filterValues };
  if (idtecnico) next.idtecnico = idtecnico;
  else delete next.idtecnico;
  return next;
}

export function TecnicoFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data } = useTecnicos();
  const value = filterValues.idtecnico ? String(filterValues.idtecnico) : '';
  return (
    <TextField
      select
      size="small"
      label={translate('app.ordensservicos.tecnico')}
      value={value}
      onChange={(event) => setFilters(setTecnico(filterValues, Number(event.target.value) || null), undefined, false)}
      sx={{ width: 200 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('app.status.all')}</option>
      {/* A técnico since removed from the staff still filters until changed. */}
      {value && !data?.some((tecnico) => String(tecnico.id) === value) ? <option value={value}>#{value}</option> : null}
      {(data ?? []).map((tecnico) => (
        <option key={tecnico.id} value={String(tecnico.id)}>
          {tecnico.name}
        </option>
      ))}
    </TextField>
  );
}

export function MinhasOrdensToggle() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { identity } = useGetIdentity();
  const me = Number(identity?.id) || 0;
  const checked = me > 0 && Number(filterValues.idtecnico) === me;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          disabled={!me}
          onChange={(event) => setFilters(setTecnico(filterValues, event.target.checked ? me : null), undefined, false)}
        />
      }
      label={translate('app.ordensservicos.minhas')}
    />
  );
}
