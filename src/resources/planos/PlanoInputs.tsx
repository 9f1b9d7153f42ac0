/**
 * The plan inputs (SPEC 2.11; DESIGN 11: fleet tiers, fidelity and its fine). Money is typed the
 * pt-BR way (49,90): the form keeps the text as typed, the schema validates it with parseMoney,
 * and planoTransform sends numbers.
 */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ArrayInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { parseMoney } from '../../../domain/schemas/money';
import { FormGrid, fullRow, RowBreak } from '../../components/FormGrid';
import { MoneyInput } from '../../components/MoneyInput';
import { DescontoInputs } from './Desconto';

const MULTA_CHOICES = [
  { id: '', name: 'app.planos.multa_nenhuma' },
  { id: 'proporcional', name: 'app.planos.multa_proporcional' },
  { id: 'fixa', name: 'app.planos.multa_fixa' },
];

/** The body's fleet tiers, fidelity and fine from the form's texts (money as numbers, a blank fine none). */
export function planoExtras(plano: Record<string, unknown> | null | undefined) {
  const faixas = Array.isArray(plano?.faixas) ? (plano.faixas as Record<string, unknown>[]) : [];
  const multa = plano?.multaFidelidade as { tipo?: string; valor?: unknown } | null | undefined;
  return {
    faixas: faixas.map((f) => ({
      de: f.de === '' || f.de == null ? f.de : Number(f.de),
      ate: f.ate === '' || f.ate == null ? null : Number(f.ate),
      valor: parseMoney(f.valor),
    })),
    fidelidadeMeses: plano?.fidelidadeMeses === '' || plano?.fidelidadeMeses == null ? 0 : Number(plano.fidelidadeMeses),
    multaFidelidade: multa?.tipo ? { tipo: multa.tipo, valor: parseMoney(multa.valor) } : null,
  };
}

/** `prefix`: where the fields sit in the form ('plano.' for a contract's editable copy of its plan). */
export function PlanoInputs({ prefix = '' }: { prefix?: '' | 'plano.' }) {
  const translate = useTranslate();
  const multaTipo = useWatch({ name: `${prefix}multaFidelidade.tipo` }) as string | undefined;
  return (
    <FormGrid>
      <TextInput source={`${prefix}name`} sx={fullRow} />
      <TextInput source={`${prefix}descricao`} isRequired sx={fullRow} />
      <NumberInput source={`${prefix}limtdispositivos`} isRequired min={1} step={1} />
      <RowBreak />
      <MoneyInput source={`${prefix}valor`} helperText="app.planos.money_help" />
      <MoneyInput source={`${prefix}valoradd`} helperText="app.planos.money_help" />
      <Typography variant="subtitle2" sx={{ ...fullRow, mt: 1 }}>
        {translate('app.planos.faixas_titulo')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={fullRow}>
        {translate('app.planos.faixas_help')}
      </Typography>
      <ArrayInput source={`${prefix}faixas`} label={false} sx={fullRow}>
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="de" label="app.planos.faixa_de" min={1} step={1} sx={{ width: 110 }} />
          <NumberInput
            source="ate"
            label="app.planos.faixa_ate"
            min={1}
            step={1}
            sx={{ width: 110 }}
            helperText="app.planos.faixa_ate_help"
          />
          <MoneyInput source="valor" label="app.planos.faixa_valor" sx={{ width: 160 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput
        source={`${prefix}fidelidadeMeses`}
        label="app.planos.fidelidade_meses"
        helperText="app.planos.fidelidade_help"
        min={0}
        step={1}
      />
      <RowBreak />
      <SelectInput
        source={`${prefix}multaFidelidade.tipo`}
        label="app.planos.multa_tipo"
        choices={MULTA_CHOICES}
        emptyText="app.planos.multa_nenhuma"
        helperText="app.planos.multa_help"
      />
      {multaTipo === 'fixa' ? (
        <MoneyInput source={`${prefix}multaFidelidade.valor`} label="app.planos.multa_valor_fixa" />
      ) : multaTipo === 'proporcional' ? (
        <TextInput
          source={`${prefix}multaFidelidade.valor`}
          label="app.planos.multa_valor_percentual"
          helperText="app.planos.multa_percentual_help"
        />
      ) : null}
      <TextInput source={`${prefix}informacoes`} multiline minRows={4} sx={fullRow} />
      {/* The catalogue plan's discount (a contract's copy does not carry one: its subscriptions take the plan's). */}
      {prefix ? null : <DescontoInputs />}
    </FormGrid>
  );
}
