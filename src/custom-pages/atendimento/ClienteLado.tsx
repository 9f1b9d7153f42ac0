/**
 * Beside a conversation (DESIGN 11): its client's situação, open and overdue charges (each to its
 * page) and vehicles with their tracker's situation, from GET /v1/clientes/{id}/resumo, read again
 * with the conversation. No client: says so (the header's Vincular cliente links one).
 */
import * as React from 'react';
import { Box, Chip, Divider, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'ra-core';
import { clienteNome } from '../../../domain/clientes';
import { cobrancaAberta } from '../../../domain/cobranca';
import { CLIENTE_STATUS } from '../../../domain/constants';
import { formatDate, formatMoney, formatNumero } from '../../../domain/formatters';
import { useApiGet } from '../../dataProvider/useApiGet';
import { CobrancaStatus } from '../../resources/cobrancas/CobrancaStatus';
import { filteredList, type ClienteResumoReply } from '../../resources/clientes/resumo';

const SITUACAO_CORES: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  comunicando: 'success',
  sem_gps: 'warning',
  silencioso: 'error',
  alimentacao: 'error',
  nunca: 'default',
};

function Titulo({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1.5 }}>
      {children}
    </Typography>
  );
}

export function ClienteLado({ idcliente, versao }: { idcliente: number | null; versao: string }) {
  const translate = useTranslate();
  const { data, reload } = useApiGet<ClienteResumoReply>(idcliente ? `/v1/clientes/${idcliente}/resumo` : null);
  // Read again when the conversation changes (a new message, a client linked).
  React.useEffect(() => reload(), [versao, reload]);
  if (!idcliente)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('app.atendimento.sem_cliente')}
      </Typography>
    );
  if (!data)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('app.atendimento.carregar')}
      </Typography>
    );
  const { cliente } = data;
  const status = Number(cliente.status);
  const abertas = data.cobrancas.items.filter((c) => cobrancaAberta({ status: Number(c.status) }));
  const situacao =
    status === CLIENTE_STATUS.BLOQUEADO
      ? { label: 'app.atendimento.situacao_bloqueado', color: 'error' as const }
      : status === CLIENTE_STATUS.ATIVO
        ? { label: 'app.atendimento.situacao_ativo', color: 'success' as const }
        : { label: 'app.atendimento.situacao_inativo', color: 'warning' as const };
  return (
    <Box aria-label={translate('app.atendimento.cliente')} component="section" data-testid="cliente-lado">
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Link component={LinkBase} to={`/clientes/${cliente.id}/show`} underline="hover">
            {clienteNome(cliente)}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.atendimento.situacao')}:
          </Typography>
          <Chip size="small" color={situacao.color} label={translate(situacao.label)} />
        </Box>
      </Box>
      <Titulo>{translate('app.atendimento.cobrancas')}</Titulo>
      {abertas.length ? (
        <List dense disablePadding>
          {abertas.map((c) => (
            <ListItem key={c.id} divider secondaryAction={<CobrancaStatus status={Number(c.status)} />} sx={{ pr: 13 }}>
              <ListItemText
                primary={
                  <Link component={LinkBase} to={`/cobrancas/${c.id}`} underline="hover">
                    {`${formatNumero(c.id)} · ${formatMoney(c.valor)}`}
                  </Link>
                }
                secondary={translate('app.atendimento.vencimento', { data: formatDate(c.duedate) })}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
          {translate('app.atendimento.sem_cobrancas')}
        </Typography>
      )}
      <Box sx={{ px: 2, py: 0.5 }}>
        <Link component={LinkBase} to={filteredList('cobrancas', cliente.id)} variant="body2">
          {translate('app.atendimento.ver_cobrancas')}
        </Link>
      </Box>
      <Divider sx={{ mt: 1 }} />
      <Titulo>{translate('app.atendimento.veiculos')}</Titulo>
      {data.veiculos.items.length ? (
        <List dense disablePadding>
          {data.veiculos.items.map((v) => {
            const device = v.device as { situacao: string | null } | null;
            const s = device ? (device.situacao ?? 'nunca') : null;
            return (
              <ListItem key={v.id} divider>
                <ListItemText
                  primary={
                    <Link component={LinkBase} to={`/veiculos/${v.id}/localizacao`} underline="hover">
                      {[v.placa, v.marca, v.modelo].filter(Boolean).join(' ')}
                    </Link>
                  }
                  secondary={
                    s ? (
                      <Chip
                        component="span"
                        size="small"
                        variant="outlined"
                        color={SITUACAO_CORES[s] ?? 'default'}
                        label={translate(`app.cliente_pagina.situacao.${s}`, { _: s })}
                      />
                    ) : (
                      translate('app.atendimento.sem_rastreador')
                    )
                  }
                  slotProps={{ secondary: { component: 'span' } }}
                />
              </ListItem>
            );
          })}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
          {translate('app.atendimento.sem_veiculos')}
        </Typography>
      )}
    </Box>
  );
}
