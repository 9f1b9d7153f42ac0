/**
 * Tab Plano of the contract: pick one of the plans (GET /v1/planos); its fields are copied into
 * the contract's own `plano` and stay editable there (SPEC 2.12), so a later change of the plan
 * never changes a signed contract.
 */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { SelectInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formatMoney } from '../../../domain/formatters';
import { PlanoInputs } from '../planos/PlanoInputs';
import type { PlanoCopia } from './types';

interface Plano extends PlanoCopia {
  id: number;
}

/** The copy a contract keeps of a plan. */
export const planoCopia = (plano: Plano): PlanoCopia => ({
  name: plano.name ?? '',
  descricao: plano.descricao ?? '',
  limtdispositivos: plano.limtdispositivos ?? 1,
  valor: plano.valor,
  valoradd: plano.valoradd,
  informacoes: plano.informacoes ?? '',
  faixas: plano.faixas ?? [],
  fidelidadeMeses: plano.fidelidadeMeses ?? 0,
  multaFidelidade: plano.multaFidelidade ?? null,
});

export function PlanoTab() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { data: planos = [], isPending } = useGetList<Plano>('planos', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const choices = planos.map((plano) => ({ id: plano.id, name: `${plano.descricao || plano.name} · ${formatMoney(plano.valor)}` }));

  const copy = (value: unknown) => {
    const plano = planos.find((p) => String(p.id) === String(value));
    if (plano) setValue('plano', planoCopia(plano), { shouldDirty: true, shouldValidate: false });
  };

  return (
    <Box sx={{ width: '100%' }}>
      <SelectInput
        source="idplano"
        choices={choices}
        isPending={isPending}
        isRequired
        emptyText="app.contratos.plano_pick"
        onChange={(event: { target?: { value?: unknown } } | unknown) =>
          copy(typeof event === 'object' && event && 'target' in event ? (event as { target: { value: unknown } }).target.value : event)
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.contratos.plano_copy_help')}
      </Typography>
      <PlanoInputs prefix="plano." />
    </Box>
  );
}
