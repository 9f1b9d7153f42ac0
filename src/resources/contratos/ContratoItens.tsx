/**
 * A contract's items (DESIGN 11, "Vehicles as contract items"): each vehicle (or service) with its
 * plate, effective monthly value, status, start and end, and fidelity; Adicionar veículo (one of
 * the client's vehicles; without a start it waits for its installation order), Suspender and
 * Reativar from a date, and Cancelar with the fidelity fine shown (Dispensar multa: administrators).
 * The calls are `/v1/contratos/{id}/itens` (server/routes/contratos.ts); at 1366 px a table, on a phone cards.
 */
import * as React from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNotify, useTranslate } from 'ra-core';
import { ITEM_STATUS_LABELS, multaDeFidelidade } from '../../../domain/contratoItens';
import { formatDate, formatMoney } from '../../../domain/formatters';
import { isAdmin } from '../../../domain/permissions';
import { getSessionUser } from '../../authProvider';
import { SmallTable, type SmallColumn } from '../../components/SmallTable';
import { apiFetch } from '../../dataProvider/http';
import { useApiGet } from '../../dataProvider/useApiGet';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { AdicionarItemDialog, CancelarItemDialog, DataItemDialog, hojeSp } from './ItemDialogs';
import type { ContratoItem } from './types';

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'default' | 'info'> = {
  ativo: 'success',
  pendente: 'info',
  suspenso: 'warning',
  cancelado: 'default',
};

type Acao = { tipo: 'adicionar' } | { tipo: 'suspender' | 'reativar' | 'cancelar'; item: ContratoItem } | null;

/** The fine cancelling today would make (the server's rule, domain/contratoItens.ts). */
export const multaSeCancelar = (item: ContratoItem, fim: string) =>
  item.naoCobrarMulta
    ? 0
    : multaDeFidelidade({
        multa: item.multaFidelidade ?? null,
        valorEfetivo: item.valorEfetivo,
        fim,
        fimFidelidade: item.fimFidelidade ?? null,
      });

export function ContratoItens({ idcontrato, idcliente }: { idcontrato: number; idcliente: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [acao, setAcao] = React.useState<Acao>(null);
  const base = `/v1/contratos/${idcontrato}/itens`;
  const lido = useApiGet<{ Items: ContratoItem[] }>(base);
  const itens = lido.data?.Items ?? null;
  const erro = lido.error ? (lido.error instanceof Error ? lido.error.message : String(lido.error)) : '';
  const carregar = lido.reload;

  const feito = async (mensagem: string) => {
    notify(mensagem, { type: 'success' });
    setAcao(null);
    carregar();
  };

  const nome = (item: ContratoItem) =>
    item.veiculo
      ? `${item.placa} · ${[item.veiculo.marca, item.veiculo.modelo].filter(Boolean).join(' ')}`
      : item.descricao || `#${item.id}`;
  const valor = (item: ContratoItem) => (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(item.valorEfetivo)}
      </Box>
      {item.valor === null ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate('app.contratos.itens.do_plano')}
        </Typography>
      ) : null}
    </>
  );
  const fidelidade = (item: ContratoItem) =>
    item.fidelidadeMeses
      ? translate('app.contratos.itens.fidelidade_ate', {
          meses: item.fidelidadeMeses,
          data: item.fimFidelidade ? formatDate(item.fimFidelidade) : translate('app.contratos.itens.apos_instalacao'),
        })
      : translate('app.contratos.itens.sem_fidelidade');
  const status = (item: ContratoItem) => (
    <Chip size="small" color={STATUS_COLOR[item.status] ?? 'default'} label={ITEM_STATUS_LABELS[item.status] ?? item.status} />
  );
  const botoes = (item: ContratoItem) =>
    item.status === 'cancelado' ? null : (
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {item.status === 'ativo' ? (
          <Button size="small" onClick={() => setAcao({ tipo: 'suspender', item })}>
            {translate('app.contratos.itens.suspender')}
          </Button>
        ) : null}
        {item.status === 'suspenso' ? (
          <Button size="small" onClick={() => setAcao({ tipo: 'reativar', item })}>
            {translate('app.contratos.itens.reativar')}
          </Button>
        ) : null}
        <Button size="small" color="error" onClick={() => setAcao({ tipo: 'cancelar', item })}>
          {translate('app.contratos.itens.cancelar')}
        </Button>
      </Stack>
    );

  const columns: SmallColumn<ContratoItem>[] = [
    { label: 'app.contratos.itens.veiculo', render: nome },
    { label: 'app.contratos.itens.valor', align: 'right', render: valor },
    { label: 'app.contratos.itens.status', render: status },
    {
      label: 'app.contratos.itens.inicio',
      render: (i) => (i.inicio ? formatDate(i.inicio) : translate('app.contratos.itens.na_instalacao')),
    },
    { label: 'app.contratos.itens.fim', render: (i) => (i.fim ? formatDate(i.fim) : '—') },
    { label: 'app.contratos.itens.fidelidade', render: fidelidade },
    { render: botoes, align: 'right' },
  ];

  return (
    <Box sx={{ width: '100%' }} data-testid="contrato-itens">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('app.contratos.itens.title')}
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAcao({ tipo: 'adicionar' })}>
          {translate('app.contratos.itens.adicionar')}
        </Button>
      </Stack>
      {erro ? <Alert severity="error">{erro}</Alert> : null}
      {itens && !itens.length ? <Alert severity="info">{translate('app.contratos.itens.vazio')}</Alert> : null}
      {itens?.length && !phone ? (
        <SmallTable label={translate('app.contratos.itens.title')} columns={columns} rows={itens} rowKey={(i) => i.id} />
      ) : null}
      {itens?.length && phone ? (
        <Stack spacing={1}>
          {itens.map((item) => (
            <Paper key={item.id} variant="outlined" sx={{ p: 1.5 }} aria-label={nome(item)}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nome(item)}</Typography>
                {status(item)}
              </Stack>
              <Typography variant="body2">{valor(item)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {item.inicio ? formatDate(item.inicio) : translate('app.contratos.itens.na_instalacao')}
                {item.fim ? ` – ${formatDate(item.fim)}` : ''} · {fidelidade(item)}
              </Typography>
              {botoes(item)}
            </Paper>
          ))}
        </Stack>
      ) : null}
      {acao?.tipo === 'adicionar' ? (
        <AdicionarItemDialog
          idcliente={idcliente}
          emUso={(itens ?? []).filter((i) => i.status !== 'cancelado').map((i) => i.idveiculo ?? null)}
          onClose={() => setAcao(null)}
          onSubmit={async (body) => {
            await apiFetch(base, { method: 'POST', body });
            await feito('app.contratos.itens.adicionado');
          }}
        />
      ) : null}
      {acao?.tipo === 'suspender' || acao?.tipo === 'reativar' ? (
        <DataItemDialog
          titulo={translate(`app.contratos.itens.${acao.tipo}_titulo`, { item: nome(acao.item) })}
          texto={translate(`app.contratos.itens.${acao.tipo}_texto`)}
          onClose={() => setAcao(null)}
          onSubmit={async (de) => {
            await apiFetch(`${base}/${acao.item.id}/${acao.tipo}`, { method: 'POST', body: { de } });
            await feito(`app.contratos.itens.${acao.tipo === 'suspender' ? 'suspenso' : 'reativado'}`);
          }}
        />
      ) : null}
      {acao?.tipo === 'cancelar' ? (
        <CancelarItemDialog
          titulo={translate('app.contratos.itens.cancelar_titulo', { item: nome(acao.item) })}
          multa={(fim) => multaSeCancelar(acao.item, fim || hojeSp())}
          admin={isAdmin(getSessionUser())}
          onClose={() => setAcao(null)}
          onSubmit={async (body) => {
            const reply = await apiFetch<{ multa: { valor: number } | null; ordemServico: { id: number } | null }>(
              `${base}/${acao.item.id}/cancelar`,
              { method: 'POST', body },
            );
            await feito(reply.multa ? 'app.contratos.itens.cancelado_multa' : 'app.contratos.itens.cancelado');
          }}
          onError={onError}
        />
      ) : null}
    </Box>
  );
}
