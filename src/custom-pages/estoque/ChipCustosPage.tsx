/**
 * Chips → Custos (DESIGN 10): per operator, how many chips, active (in a tracker) and idle, what
 * they cost a month and what the idle ones cost; a total row.
 */
import * as React from 'react';
import { Alert, Box, Card, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatMoney } from '../../../domain/formatters';
import { useApiGet } from '../../dataProvider/useApiGet';
import { PageTitle } from '../../components/PageTitle';

interface Custo {
  operadora: string;
  quantidade: number;
  ativos: number;
  ociosos: number;
  custoMensal: number;
  custoOcioso: number;
}

const count = new Intl.NumberFormat('pt-BR');

export default function ChipCustosPage() {
  const translate = useTranslate();
  const { data } = useApiGet<{ Items: Custo[] }>('/v1/chips/custos');
  const items = data?.Items ?? [];
  const total = items.reduce(
    (sum, i) => ({
      quantidade: sum.quantidade + i.quantidade,
      ativos: sum.ativos + i.ativos,
      ociosos: sum.ociosos + i.ociosos,
      custoMensal: sum.custoMensal + i.custoMensal,
      custoOcioso: sum.custoOcioso + i.custoOcioso,
    }),
    { quantidade: 0, ativos: 0, ociosos: 0, custoMensal: 0, custoOcioso: 0 },
  );
  const row = (c: Omit<Custo, 'operadora'>) => (
    <>
      <TableCell align="right">{count.format(c.quantidade)}</TableCell>
      <TableCell align="right">{count.format(c.ativos)}</TableCell>
      <TableCell align="right">{count.format(c.ociosos)}</TableCell>
      <TableCell align="right">{formatMoney(c.custoMensal)}</TableCell>
      <TableCell align="right" sx={{ color: c.custoOcioso > 0 ? 'error.main' : undefined, fontWeight: 600 }}>
        {formatMoney(c.custoOcioso)}
      </TableCell>
    </>
  );
  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, maxWidth: 1000 }}>
      <PageTitle title={translate('app.estoque.custos_titulo')} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.estoque.custos_ajuda')}
      </Alert>
      <Card variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table aria-label={translate('app.estoque.custos_titulo')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.estoque.col_operadora')}</TableCell>
              <TableCell align="right">{translate('app.estoque.col_quantidade')}</TableCell>
              <TableCell align="right">{translate('app.estoque.col_ativos')}</TableCell>
              <TableCell align="right">{translate('app.estoque.col_ociosos')}</TableCell>
              <TableCell align="right">{translate('app.estoque.col_custo')}</TableCell>
              <TableCell align="right">{translate('app.estoque.col_custo_ocioso')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.operadora}>
                <TableCell>{item.operadora || translate('app.estoque.sem_operadora')}</TableCell>
                {row(item)}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{translate('app.estoque.total')}</TableCell>
              {row(total)}
            </TableRow>
          </TableFooter>
        </Table>
      </Card>
    </Box>
  );
}
