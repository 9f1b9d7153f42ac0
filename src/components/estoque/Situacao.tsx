/**
 * Stock on the trackers' and chips' lists (DESIGN 10): one card per situation with its count
 * (the reply's `meta.resumo`, for the filters but situação; a card filters by its situation),
 * the Situação and Técnico filters, and each unit's situation.
 */
import * as React from 'react';
import { Card, CardActionArea, Chip as MuiChip, Grid, Skeleton, TextField, Tooltip, Typography } from '@mui/material';
import { LinkBase as Link, useGetList, useListContext, useTranslate } from 'ra-core';
import { SITUACOES, type ResumoSituacao, type Situacao } from '../../../domain/estoque';
import { FigureContent } from '../FigureContent';

export const SITUACAO_COLORS: Record<Situacao, string> = {
  estoque: '#1565c0',
  tecnico: '#6a1b9a',
  instalado: '#2e7d32',
  manutencao: '#ef6c00',
  baixado: '#616161',
};

const count = new Intl.NumberFormat('pt-BR');

/** The situation cards of a trackers' or chips' list. */
export function SituacaoCards() {
  const translate = useTranslate();
  const { meta, filterValues, setFilters } = useListContext();
  const resumo = meta?.resumo as ResumoSituacao | undefined;
  const current = filterValues.situacao as string | undefined;
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }} component="section" aria-label={translate('app.estoque.cards')}>
      {SITUACOES.map((situacao) => {
        const label = translate(`app.estoque.situacoes.${situacao}`);
        const selected = current === situacao;
        return (
          <Grid key={situacao} size={{ xs: 6, sm: 4, lg: 'grow' }}>
            <Card
              variant="outlined"
              component="section"
              aria-label={label}
              sx={{
                height: '100%',
                borderLeft: 4,
                borderLeftColor: SITUACAO_COLORS[situacao],
                bgcolor: selected ? 'action.selected' : undefined,
              }}
            >
              <CardActionArea
                aria-pressed={selected}
                onClick={() => {
                  const { situacao: _s, ...rest } = filterValues;
                  setFilters(selected ? rest : { ...rest, situacao }, undefined, false);
                }}
              >
                <FigureContent
                  label={label}
                  figure={count.format(resumo?.[situacao] ?? 0)}
                  color={SITUACAO_COLORS[situacao]}
                  loading={resumo ? undefined : <Skeleton width={60} height={32} />}
                />
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

export interface Tecnico {
  id: number;
  name: string;
}
/** The técnicos (GET /v1/tecnicos), sorted by name. */
export const useTecnicos = () =>
  useGetList<Tecnico>('tecnicos', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });

/** Situação and Técnico, beside the search. */
export function EstoqueFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data: tecnicos } = useTecnicos();
  const set = (key: string, value: string | number | undefined) => {
    const next = { ...filterValues };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    setFilters(next, undefined, false);
  };
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('app.estoque.situacao')}
        value={(filterValues.situacao as string) ?? ''}
        onChange={(event) => set('situacao', event.target.value)}
        sx={{ width: 170 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{translate('app.estoque.todas')}</option>
        {SITUACOES.map((situacao) => (
          <option key={situacao} value={situacao}>
            {translate(`app.estoque.situacoes.${situacao}`)}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('app.estoque.tecnico')}
        value={filterValues.idtecnico === undefined ? '' : String(filterValues.idtecnico)}
        onChange={(event) => set('idtecnico', event.target.value === '' ? undefined : Number(event.target.value))}
        sx={{ width: 200 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{translate('app.estoque.todos_tecnicos')}</option>
        {(tecnicos ?? []).map((tecnico) => (
          <option key={tecnico.id} value={String(tecnico.id)}>
            {tecnico.name}
          </option>
        ))}
      </TextField>
    </>
  );
}

export interface Estoque {
  situacao?: string;
  idtecnico?: number | null;
  tecnico?: { id: number; name: string } | null;
  motivo?: string;
}

/** A unit's situation: its label, with the técnico (a link to their stock) or the reason of a baixa. */
export function SituacaoChip({ unit }: { unit: Estoque }) {
  const translate = useTranslate();
  const situacao = (unit.situacao ?? 'estoque') as Situacao;
  const label = translate(`app.estoque.situacoes.${situacao}`, { _: situacao });
  const chip = (
    <MuiChip
      size="small"
      variant={situacao === 'instalado' ? 'filled' : 'outlined'}
      label={label}
      sx={{
        borderColor: SITUACAO_COLORS[situacao],
        color: situacao === 'instalado' ? '#fff' : SITUACAO_COLORS[situacao],
        bgcolor: situacao === 'instalado' ? SITUACAO_COLORS.instalado : undefined,
      }}
    />
  );
  if (situacao === 'tecnico' && unit.tecnico)
    return (
      <Tooltip title={translate('app.estoque.ver_tecnico')} describeChild>
        <Link
          to={`/tecnicos/${unit.tecnico.id}/estoque`}
          style={{ textDecoration: 'none', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {chip}
          <Typography variant="body2" component="span" color="text.primary">
            {unit.tecnico.name}
          </Typography>
        </Link>
      </Tooltip>
    );
  if (situacao === 'baixado' && unit.motivo) return <Tooltip title={unit.motivo}>{chip}</Tooltip>;
  return chip;
}
