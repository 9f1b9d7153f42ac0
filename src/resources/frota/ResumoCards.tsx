/**
 * The fleet's summary cards (like the charges'): one per situation of DESIGN 10 with its count for
 * the list's filters minus the situation; a click filters the list by it, a second click clears it.
 */
import * as React from 'react';
import { Box, Card, CardActionArea, Grid, Skeleton, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { SITUACAO_COR, SITUACAO_LABEL, SITUACOES_ORDEM } from '../../../domain/frota';
import type { Resumo } from './types';
import { FigureContent } from '../../components/FigureContent';

const count = new Intl.NumberFormat('pt-BR');

export function ResumoCards() {
  const translate = useTranslate();
  const { meta, filterValues, setFilters } = useListContext();
  const resumo = meta?.resumo as Resumo | undefined;
  const chosen = filterValues.situacao as string | undefined;
  const choose = (situacao: string) => {
    const next = { ...filterValues };
    if (chosen === situacao) delete next.situacao;
    else next.situacao = situacao;
    setFilters(next, undefined, false);
  };
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }}>
      {SITUACOES_ORDEM.map((situacao) => {
        const cor = SITUACAO_COR[situacao];
        const selected = chosen === situacao;
        return (
          <Grid key={situacao} size={{ xs: 6, sm: 4, lg: 2.4 }}>
            <Card
              variant="outlined"
              component="section"
              aria-label={SITUACAO_LABEL[situacao]}
              sx={{
                height: '100%',
                borderLeft: 4,
                borderLeftColor: cor,
                ...(selected ? { bgcolor: 'action.selected', borderColor: cor } : {}),
              }}
            >
              <CardActionArea onClick={() => choose(situacao)} aria-pressed={selected} sx={{ height: '100%' }}>
                <FigureContent
                  label={SITUACAO_LABEL[situacao]}
                  figure={count.format(resumo?.[situacao] ?? 0)}
                  color={cor}
                  loading={
                    resumo ? undefined : (
                      <Box>
                        <Skeleton width={60} height={32} />
                      </Box>
                    )
                  }
                >
                  <Typography variant="caption" color="text.secondary">
                    {selected ? translate('app.frota.card_limpar') : translate('app.frota.card_filtrar')}
                  </Typography>
                </FigureContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
