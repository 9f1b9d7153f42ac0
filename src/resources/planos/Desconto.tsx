/**
 * The early-payment discount on screen (DESIGN 11, "Collecting without chasing"): the "Desconto por
 * pagamento antecipado" group of the plan and subscription forms, and its short text ("5% até 3 dias
 * antes") for the lists. The form keeps `desconto { tipo, valor, diasAntes }` as typed, `tipo` blank,
 * 'nenhum' (a plan: none; a subscription: none, not even its plan's) or 'plano' (a subscription: the
 * plan's) without a rule; the body carries the API's `desconto { valor, tipo: valor|percentual,
 * diasAntes } | { tipo: 'nenhum' } | null`.
 */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useGetList, useGetOne, useTranslate, type RaRecord } from 'ra-core';
import { NumberInput, SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  DESCONTO_DIAS_MAX,
  DESCONTO_TIPOS,
  ehSemDesconto as semDesconto,
  regraDe,
  SEM_DESCONTO,
  type DescontoRegra,
} from '../../../domain/desconto';
import { CONTRATO_STATUS } from '../../../domain/constants';
import { formatMoney } from '../../../domain/formatters';
import { parseMoney } from '../../../domain/schemas/money';
import { fullRow } from '../../components/FormGrid';
import { MoneyInput, PercentInput } from '../../components/MoneyInput';

type Translate = ReturnType<typeof useTranslate>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const temTipo = (v: unknown): v is Record<string, unknown> =>
  isObject(v) && DESCONTO_TIPOS.includes(v.tipo as (typeof DESCONTO_TIPOS)[number]);

/**
 * The form's discount as the API takes it: null without a kind (valor or percentual), else its
 * numbers (diasAntes blank: 0); a subscription's 'nenhum' is `{ tipo: 'nenhum' }` (not its plan's either).
 */
export function descontoDoForm(value: unknown, { assinatura = false } = {}): Record<string, unknown> | null {
  if (assinatura && semDesconto(value)) return { ...SEM_DESCONTO };
  if (!temTipo(value)) return null;
  const dias = value.diasAntes;
  return {
    valor: parseMoney(value.valor) ?? null,
    tipo: value.tipo,
    diasAntes: dias === '' || dias === null || dias === undefined ? 0 : Number(dias),
  };
}

/**
 * The form's schema with its discount read as the API's: no kind (or 'nenhum', 'plano') is null, a kind is
 * checked as typed (the same messages as the server's, under desconto.valor and desconto.diasAntes).
 */
export function comDescontoDoForm(schema: z.ZodType, { assinatura = false } = {}): z.ZodType {
  return z.preprocess((v) => {
    if (!isObject(v)) return v;
    const desconto = descontoDoForm(v.desconto, { assinatura });
    return { ...v, desconto: desconto === null || semDesconto(desconto) ? desconto : v.desconto };
  }, schema);
}

const percentText = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** "5% até 3 dias antes", "R$ 10,00 até o vencimento"; a subscription's own "sem desconto"; '' without a rule. */
export function descontoTexto(translate: Translate, value: unknown): string {
  if (semDesconto(value)) return translate('app.desconto.nenhum');
  const regra: DescontoRegra | null = regraDe(value);
  if (!regra) return '';
  const valor = regra.tipo === 'percentual' ? `${percentText.format(regra.valor)}%` : formatMoney(regra.valor);
  return regra.diasAntes
    ? translate('app.desconto.texto_dias', { valor, smart_count: regra.diasAntes })
    : translate('app.desconto.texto_vencimento', { valor });
}

/** In a list: "desconto de 5% até 3 dias antes", "sem desconto" (a subscription's own none); '' without a rule. */
export function descontoLista(translate: Translate, value: unknown): string {
  if (semDesconto(value)) return translate('app.desconto.nenhum');
  const texto = descontoTexto(translate, value);
  return texto ? translate('app.desconto.lista', { desconto: texto }) : '';
}

/** The plan's discount a subscription of client `idcliente` takes: the plan of the client's newest active contract. */
function DescontoDoPlano({ idcliente }: { idcliente: unknown }) {
  const translate = useTranslate();
  const enabled = Number(idcliente) > 0;
  const { data: contratos, isPending } = useGetList<RaRecord>(
    'contratos',
    {
      filter: { idcliente: Number(idcliente), status: CONTRATO_STATUS.ATIVO },
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
    },
    { enabled },
  );
  const idplano = Number(contratos?.[0]?.idplano) || 0;
  const { data: plano, isPending: planoPending } = useGetOne<RaRecord>('planos', { id: idplano }, { enabled: idplano > 0 });
  if (!enabled || isPending || (idplano > 0 && planoPending)) return null;
  const texto = !idplano
    ? translate('app.desconto.plano_sem_contrato')
    : translate('app.desconto.plano', {
        plano: String(plano?.name || plano?.descricao || ''),
        desconto: descontoTexto(translate, plano?.desconto) || translate('app.desconto.nenhum'),
      });
  return (
    <Typography variant="body2" color="text.secondary" sx={{ ...fullRow, mb: 1 }} data-testid="desconto-do-plano">
      {texto}
    </Typography>
  );
}

/**
 * The group: Tipo (none, or on a subscription "Usar o do plano"), Valor (R$ or %) and how many days
 * before the due date it holds. In a FormGrid.
 */
export function DescontoInputs({ assinatura = false }: { assinatura?: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const tipo = useWatch({ name: 'desconto.tipo' }) as string | null | undefined;
  const idcliente = useWatch({ name: 'idcliente' }) as unknown;
  // Without a rule: none (a plan), or the plan's (a subscription, which may also refuse it: none at
  // all); always one of the choices, shown by name.
  const semRegra = assinatura ? 'plano' : 'nenhum';
  const choices = [
    { id: semRegra, name: assinatura ? 'app.desconto.usar_plano' : 'app.desconto.sem_desconto' },
    ...(assinatura ? [{ id: SEM_DESCONTO.tipo, name: 'app.desconto.sem_desconto_assinatura' }] : []),
    { id: 'valor', name: 'app.desconto.tipo_valor' },
    { id: 'percentual', name: 'app.desconto.tipo_percentual' },
  ];
  return (
    <>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mt: 2, mb: 1, gridColumn: '1 / -1' }}>
        {translate('app.desconto.titulo')}
      </Typography>
      {assinatura ? <DescontoDoPlano idcliente={idcliente} /> : null}
      <SelectInput
        source="desconto.tipo"
        label="resources.planos.fields.desconto.tipo"
        choices={choices}
        format={(value: unknown) => (temTipo({ tipo: value }) || (assinatura && value === SEM_DESCONTO.tipo) ? value : semRegra)}
        // Always a choice: no blank one.
        isRequired
        helperText={assinatura ? 'app.desconto.usar_plano_help' : false}
        // Another kind: what was typed meant something else (R$ or %).
        onChange={() => setValue('desconto.valor', '', { shouldDirty: true })}
      />
      {tipo === 'valor' ? (
        <MoneyInput source="desconto.valor" label="resources.planos.fields.desconto.valor" />
      ) : tipo === 'percentual' ? (
        <PercentInput source="desconto.valor" label="app.desconto.percentual" isRequired helperText="app.desconto.percentual_help" />
      ) : null}
      {tipo === 'valor' || tipo === 'percentual' ? (
        <NumberInput
          source="desconto.diasAntes"
          label="resources.planos.fields.desconto.diasAntes"
          helperText="app.desconto.dias_antes_help"
          min={0}
          max={DESCONTO_DIAS_MAX}
          step={1}
        />
      ) : null}
    </>
  );
}
