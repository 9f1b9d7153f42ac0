/**
 * Tab Reajuste of the contract (DESIGN 11): the yearly readjustment's index (IPCA, IGP-M, a fixed
 * percentage or none), the percentage when fixed, and the anniversary month (blank: the creation
 * month). The daily job proposes it the month before; /reajustes applies it.
 */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { REAJUSTE_INDICES, REAJUSTE_INDICE_LABELS } from '../../../domain/reajuste';
import { FormGrid, fullRow } from '../../components/FormGrid';

const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

export function ReajusteInputs() {
  const translate = useTranslate();
  const indice = useWatch({ name: 'reajuste.indice' }) as string | undefined;
  return (
    <FormGrid>
      <Typography variant="body2" color="text.secondary" sx={fullRow}>
        {translate('app.contratos.reajuste_help')}
      </Typography>
      <SelectInput
        source="reajuste.indice"
        label="app.contratos.reajuste_indice"
        choices={REAJUSTE_INDICES.map((id) => ({ id, name: REAJUSTE_INDICE_LABELS[id] }))}
        translateChoice={false}
      />
      <SelectInput
        source="reajuste.mes"
        label="app.contratos.reajuste_mes"
        choices={MESES.map((name, i) => ({ id: i + 1, name }))}
        translateChoice={false}
        emptyText="app.contratos.reajuste_mes_criacao"
        disabled={indice === 'nenhum'}
      />
      {indice === 'fixo' ? (
        <TextInput
          source="reajuste.percentual"
          label="app.contratos.reajuste_percentual"
          helperText="app.contratos.reajuste_percentual_help"
        />
      ) : null}
    </FormGrid>
  );
}
