/**
 * /clientes/{id}/show (DESIGN 10, "One page per client"): the header, the actions and the charges'
 * totals (ClienteHeader.tsx), then each section with its count, its first rows and a link to its
 * list filtered by the client. One call: GET /v1/clientes/{id}/resumo.
 */
import * as React from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Grid,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { LinkBase as Link, useCanAccess, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useParams } from 'react-router';
import { clienteNome } from '../../../domain/clientes';
import { ASSINATURA_STATUS, CONTRATO_STATUS, ORDEM_STATUS } from '../../../domain/constants';
import { formaTexto, type FormaEstado } from '../assinaturas/FormaCobranca';
import { descontoLista } from '../planos/Desconto';
import { formatDate, formatDateTime, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import { useApiGet } from '../../dataProvider/useApiGet';
import { CobrancaStatus } from '../cobrancas/CobrancaStatus';
import { Header, Totais } from './ClienteHeader';
import { BloqueioContratoButton, VeiculoBloqueadoChip } from '../contratos/BloqueioContrato';
import { filteredList, join, str, type ClienteResumoReply, type Row, type Secao } from './resumo';

const SITUACAO_COLORS: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  comunicando: 'success',
  sem_gps: 'warning',
  silencioso: 'error',
  alimentacao: 'error',
  nunca: 'default',
};

interface SectionProps {
  title: string;
  secao: Secao;
  /** The whole list, filtered by the client. */
  to?: string;
  /** i18n key of the link to the whole list, when not 'Ver todos'. */
  toLabel?: string;
  empty: string;
  render: (row: Row) => { primary: React.ReactNode; secondary?: React.ReactNode; to?: string; aside?: React.ReactNode };
}

function Section({ title, secao, to, toLabel, empty, render }: SectionProps) {
  const translate = useTranslate();
  const label = translate(title);
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 0.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {label}{' '}
          <Typography component="span" color="text.secondary" aria-label={translate('app.cliente_pagina.total', { total: secao.total })}>
            ({secao.total.toLocaleString('pt-BR')})
          </Typography>
        </Typography>
        {to ? (
          <Button size="small" component={Link} to={to}>
            {translate(toLabel ?? 'app.cliente_pagina.ver_todos')}
          </Button>
        ) : null}
      </Box>
      {secao.items.length ? (
        <List dense disablePadding>
          {secao.items.map((row) => {
            const shown = render(row);
            const text = (
              <ListItemText
                primary={shown.primary}
                secondary={shown.secondary}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            );
            return (
              <ListItem key={row.id} divider secondaryAction={shown.aside} sx={{ pr: shown.aside ? 14 : 2 }}>
                {shown.to ? (
                  <MuiLink component={Link} to={shown.to} underline="hover" color="inherit" sx={{ display: 'block', flex: 1 }}>
                    {text}
                  </MuiLink>
                ) : (
                  text
                )}
              </ListItem>
            );
          })}
        </List>
      ) : (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate(empty)}
        </Typography>
      )}
    </Card>
  );
}

const small = (node: React.ReactNode) => (node ? <Box sx={{ display: 'flex', gap: 0.5 }}>{node}</Box> : undefined);

function Sections({ resumo, onChanged }: { resumo: ClienteResumoReply; onChanged: () => void }) {
  const translate = useTranslate();
  const id = resumo.cliente.id;
  // The client's WhatsApp conversations (DESIGN 11), the closed ones too, latest first.
  const conversas = useApiGet<{ meta: { total: number }; Items: Row[] }>(
    `/v1/conversas?${new URLSearchParams({ idcliente: String(id), status: 'todas', pageSize: '5' }).toString()}`,
  );
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const statusChip = (label: string, color: 'success' | 'warning' | 'error' | 'default' | 'info') => (
    <Chip size="small" variant="outlined" color={color} label={label} />
  );
  /** A section whose "Ver todos" opens the resource's list filtered by the client. */
  const lista = (key: 'veiculos' | 'contratos' | 'assinaturas' | 'cobrancas' | 'ordensservicos', title: string) => ({
    key,
    title: `app.cliente_pagina.${title}`,
    secao: resumo[key],
    to: filteredList(key, id),
    empty: 'app.cliente_pagina.vazio',
  });
  const sections: (SectionProps & { key: string })[] = [
    {
      ...lista('veiculos', 'veiculos'),
      render: (v) => {
        const device = v.device as { id: number; imei: string; situacao: string | null } | null;
        return {
          primary: join(v.placa, [v.marca, v.modelo].filter(Boolean).join(' ')),
          secondary: device
            ? translate('app.cliente_pagina.rastreador', { imei: device.imei })
            : translate('app.cliente_pagina.sem_rastreador'),
          to: `/veiculos/${v.id}`,
          aside: small(
            <>
              <VeiculoBloqueadoChip bloqueado={v.bloqueado} />
              {device && device.situacao
                ? statusChip(
                    translate(`app.cliente_pagina.situacao.${device.situacao}`, { _: device.situacao }),
                    SITUACAO_COLORS[device.situacao] ?? 'default',
                  )
                : null}
            </>,
          ),
        };
      },
    },
    {
      ...lista('contratos', 'contratos'),
      render: (c) => ({
        primary: join(formatNumero(c.id), c.plano, c.valor ? formatMoney(c.valor) : ''),
        secondary: (
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <MuiLink href={`${origin}/static/contrato/${str(c.token)}`} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
              {translate('app.cliente_pagina.link_publico')}
            </MuiLink>
            <BloqueioContratoButton id={Number(c.id)} bloqueio={(c.bloqueio as string | null) ?? null} onDone={onChanged} />
          </Box>
        ),
        aside: small(
          c.bloqueio
            ? statusChip(translate('app.bloqueio.contrato'), 'error')
            : statusChip(translate(`app.contratos.status.${str(c.status)}`), c.status === CONTRATO_STATUS.ATIVO ? 'success' : 'default'),
        ),
      }),
    },
    {
      ...lista('assinaturas', 'assinaturas'),
      render: (a) => ({
        primary: join(a.description, formatMoney(a.valor)),
        secondary: join(
          translate(`app.assinaturas.cycles.${str(a.cycle)}`, { _: str(a.cycle) }),
          translate('app.cliente_pagina.proximo_vencimento', { data: formatDate(a.nextduedate) }),
          // The forma de cobrança and its state (DESIGN 11).
          formaTexto(translate, a as FormaEstado),
          // The early-payment discount its charges take (its own, or its plan's).
          descontoLista(translate, a.desconto),
        ),
        to: `/assinaturas/${a.id}`,
        aside: small(
          statusChip(
            translate(`app.assinaturas.status.${str(a.status)}`, { _: str(a.status) }),
            a.status === ASSINATURA_STATUS.ATIVA ? 'success' : 'warning',
          ),
        ),
      }),
    },
    {
      ...lista('cobrancas', 'cobrancas'),
      render: (c) => ({
        primary: join(formatNumero(c.id), c.descricao),
        secondary: join(formatMoney(c.valor), translate('app.cliente_pagina.vencimento', { data: formatDate(c.duedate) })),
        to: `/cobrancas/${c.id}`,
        aside: small(<CobrancaStatus status={Number(c.status)} />),
      }),
    },
    {
      ...lista('ordensservicos', 'ordens'),
      render: (o) => ({
        primary: join(formatNumero(o.id), o.descricao),
        secondary: join(o.placa, [formatDate(o.agendamento), o.horario].filter(Boolean).join(' ')),
        to: `/ordensservicos/${o.id}`,
        aside: small(
          statusChip(
            translate(o.status === ORDEM_STATUS.CONCLUIDO ? 'app.ordensservicos.status.concluido' : 'app.ordensservicos.status.aberto'),
            o.status === ORDEM_STATUS.CONCLUIDO ? 'success' : 'info',
          ),
        ),
      }),
    },
    {
      key: 'mensagens',
      title: 'app.cliente_pagina.mensagens',
      secao: resumo.mensagens,
      // The messages list, filtered by the client; each message opens its charge's or contract's page.
      to: `/mensagens?${new URLSearchParams({ idcliente: String(id) }).toString()}`,
      toLabel: 'app.cliente_pagina.ver_mensagens',
      empty: 'app.cliente_pagina.vazio',
      render: (m) => ({
        primary: join(translate(`app.cobrancas.mensagens.kind.${str(m.kind)}`, { _: str(m.kind) }), formatPhone(m.destino)),
        secondary: join(formatDateTime(m.enviadaEm ?? m.createdAt), m.motivo),
        to: m.idcobranca ? `/cobrancas/${str(m.idcobranca)}` : m.idcontrato ? `/contratos/${str(m.idcontrato)}` : undefined,
        aside: small(
          statusChip(
            translate(`app.cobrancas.mensagens.status.${str(m.status)}`, { _: str(m.status) }),
            m.status === 'enviada' ? 'success' : m.status === 'falhou' ? 'error' : 'default',
          ),
        ),
      }),
    },
    {
      key: 'uploads',
      title: 'app.cliente_pagina.uploads',
      secao: resumo.uploads,
      to: `/clientes/${id}`,
      empty: 'app.cliente_pagina.vazio',
      render: (u) => ({
        primary: str(u.name),
        secondary: join(u.type, formatDateTime(u.createdAt)),
      }),
    },
  ];
  sections.push({
    key: 'conversas',
    title: 'app.cliente_pagina.conversas',
    secao: { total: conversas.data?.meta.total ?? 0, items: conversas.data?.Items ?? [] },
    to: '/atendimento',
    toLabel: 'app.cliente_pagina.ver_conversas',
    empty: conversas.data ? 'app.cliente_pagina.vazio' : 'app.loading',
    // Each opens the inbox on that conversation.
    render: (c) => ({
      primary: join(formatPhone(str(c.telefone).replace(/^55(?=\d{10,11}$)/, '')), c.nome),
      secondary: join(formatDateTime(c.ultimaMensagemEm), c.ultimaMensagem),
      to: `/atendimento/${c.id}`,
      aside: small(
        statusChip(
          translate(`app.atendimento.status.${str(c.status)}`, { _: str(c.status) }),
          c.status === 'aguardando' ? 'warning' : c.status === 'em_atendimento' ? 'info' : 'default',
        ),
      ),
    }),
  });
  if (resumo.auditoria) {
    sections.push({
      key: 'auditoria',
      title: 'app.cliente_pagina.auditoria',
      secao: resumo.auditoria,
      to: `/auditoria?${new URLSearchParams({ idcliente: String(id) }).toString()}`,
      empty: 'app.cliente_pagina.vazio',
      render: (a) => ({
        primary: str(a.descricao),
        secondary: join(formatDateTime(a.createdAt), a.usuario, a.resultado),
      }),
    });
  }
  return (
    <Grid container spacing={2}>
      {sections.map(({ key, ...props }) => (
        <Grid key={key} size={{ xs: 12, md: 6 }}>
          <Section {...props} />
        </Grid>
      ))}
    </Grid>
  );
}

export default function ClienteShow() {
  const translate = useTranslate();
  const { id } = useParams();
  const valid = /^\d+$/.test(id ?? '');
  const { canAccess, isPending: checking } = useCanAccess({ action: 'show', resource: 'clientes' });
  const { data, error, isPending, reload } = useApiGet<ClienteResumoReply>(valid && canAccess ? `/v1/clientes/${id}/resumo` : null);
  if (checking) return null;
  if (!valid || error) {
    return (
      <Box sx={{ py: 2 }}>
        <Alert severity="error">{error ? (error as Error).message : translate('app.cliente_pagina.nao_encontrado')}</Alert>
      </Box>
    );
  }
  if (isPending || !data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('app.loading')} />
      </Box>
    );
  }
  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={clienteNome(data.cliente)} />
      <Header resumo={data} onChanged={reload} />
      <Totais resumo={data} />
      <Sections resumo={data} onChanged={reload} />
    </Box>
  );
}
