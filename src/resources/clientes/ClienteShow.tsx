/**
 * /clientes/{id}/show (DESIGN 10, "One page per client"): the header (name, document, contacts,
 * status and why, "Não enviar mensagens", "Pré-cadastro" with Confirmar), the actions (Editar,
 * Nova cobrança, Nova ordem de serviço, Novo contrato, Bloquear / Desbloquear with a
 * confirmation), the charges' totals, then each section with its count, its first rows and a link
 * to its list filtered by the client. One call: GET /v1/clientes/{id}/resumo.
 */
import * as React from 'react';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Grid,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { LinkBase as Link, useCanAccess, useDataProvider, useNotify, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useParams } from 'react-router';
import { clienteDocumento, clienteNome, isJuridica } from '../../../domain/clientes';
import { CLIENTE_STATUS } from '../../../domain/constants';
import { formatCpfCnpj, formatDate, formatDateTime, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useApiGet } from '../../dataProvider/useApiGet';
import { apiFetch } from '../../dataProvider/http';
import { CobrancaStatus } from '../cobrancas/CobrancaStatus';
import { statusChoices } from './choices';
import type { Cliente } from './types';

type Row = Record<string, unknown> & { id: number };
interface Secao {
  total: number;
  items: Row[];
}
interface Bucket {
  qnt: number;
  valor: number;
}
export interface ClienteResumoReply {
  cliente: Cliente & Record<string, unknown>;
  situacao: { status: number; motivo: 'staff' | 'billing' | null; cobranca: { id: number; duedate: string; valor: number } | null };
  veiculos: Secao;
  contratos: Secao;
  assinaturas: Secao;
  cobrancas: Secao & { totais: { abertas: Bucket; vencidas: Bucket; recebidas: Bucket; canceladas: Bucket } };
  ordensservicos: Secao;
  mensagens: Secao;
  uploads: Secao;
  auditoria?: Secao;
}

/** A list filtered by the client, as react-admin reads it from the address. */
export const filteredList = (resource: string, idcliente: number) =>
  `/${resource}?${new URLSearchParams({ filter: JSON.stringify({ idcliente }) }).toString()}`;

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const join = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ');

const STATUS_COLORS = {
  [CLIENTE_STATUS.ATIVO]: 'success',
  [CLIENTE_STATUS.BLOQUEADO]: 'error',
  [CLIENTE_STATUS.VENCIDO]: 'warning',
} as const;

const SITUACAO_COLORS: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  comunicando: 'success',
  sem_gps: 'warning',
  silencioso: 'error',
  alimentacao: 'error',
  nunca: 'default',
};

function Header({ resumo, onChanged }: { resumo: ClienteResumoReply; onChanged: () => void }) {
  const translate = useTranslate();
  const { cliente, situacao } = resumo;
  const status = statusChoices.find((c) => c.id === Number(situacao.status)) ?? statusChoices[0];
  const contatos = (cliente.contatos as Record<string, string>[] | undefined) ?? [];
  const endereco = join(
    [cliente.address, cliente.addressNumber].filter(Boolean).join(', '),
    cliente.complement,
    cliente.province,
    [cliente.cityandstate, cliente.uf].filter(Boolean).join('/'),
    cliente.postalCode ? `CEP ${str(cliente.postalCode).replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : '',
  );
  let motivo = '';
  if (situacao.motivo === 'staff' && situacao.status === CLIENTE_STATUS.BLOQUEADO) motivo = translate('app.cliente_pagina.motivo_staff');
  else if (situacao.motivo === 'billing' && situacao.cobranca) {
    motivo = translate(
      situacao.status === CLIENTE_STATUS.BLOQUEADO ? 'app.cliente_pagina.motivo_billing_bloqueio' : 'app.cliente_pagina.motivo_billing',
      {
        numero: formatNumero(situacao.cobranca.id),
        vencimento: formatDate(situacao.cobranca.duedate),
        valor: formatMoney(situacao.cobranca.valor),
      },
    );
  } else if (situacao.motivo === 'billing') motivo = translate('app.cliente_pagina.motivo_billing_sem');
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ mr: 1, overflowWrap: 'anywhere' }}>
            {clienteNome(cliente)}
          </Typography>
          {/* A pre-registration is Pré-cadastro only until staff confirm it: its stored Ativo means nothing yet. */}
          {cliente.revisao ? (
            <Chip size="small" color="info" label={translate('app.cliente_pagina.precadastro')} />
          ) : (
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS[status.id as keyof typeof STATUS_COLORS]}
              label={translate(status.name)}
            />
          )}
          {cliente.naoEnviarMensagens ? (
            <Chip size="small" variant="outlined" label={translate('resources.clientes.fields.naoEnviarMensagens')} />
          ) : null}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {join(
            formatNumero(cliente.id),
            translate(isJuridica(cliente) ? 'app.clientes.juridica' : 'app.clientes.fisica'),
            formatCpfCnpj(clienteDocumento(cliente)),
          )}
        </Typography>
        {motivo ? (
          <Alert
            severity={situacao.status === CLIENTE_STATUS.BLOQUEADO ? 'error' : 'warning'}
            sx={{ mt: 1.5 }}
            action={
              situacao.cobranca ? (
                <Button color="inherit" size="small" component={Link} to={`/cobrancas/${situacao.cobranca.id}`}>
                  {translate('app.cliente_pagina.ver_cobranca')}
                </Button>
              ) : undefined
            }
          >
            {motivo}
          </Alert>
        ) : null}
        {cliente.revisao ? <ConfirmarPrecadastro id={cliente.id} onDone={onChanged} /> : null}
        <Grid container spacing={2} sx={{ mt: 0.5 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="overline" color="text.secondary">
              {translate('app.cliente_pagina.contatos')}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {join(cliente.email, formatPhone(cliente.mobilePhone), formatPhone(cliente.phone)) || '—'}
            </Typography>
            {contatos
              .filter((c) => c.name || c.email || c.mobilePhone || c.phone)
              .map((c, i) => (
                <Typography key={i} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {join(c.name, c.email, formatPhone(c.mobilePhone), formatPhone(c.phone))}
                </Typography>
              ))}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="overline" color="text.secondary">
              {translate('app.clientes.endereco')}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{endereco || '—'}</Typography>
          </Grid>
        </Grid>
      </CardContent>
      <Divider />
      <Actions resumo={resumo} onChanged={onChanged} />
    </Card>
  );
}

function ConfirmarPrecadastro({ id, onDone }: { id: number; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = React.useState(false);
  const confirmar = async () => {
    setBusy(true);
    try {
      await apiFetch(`/v1/clientes/${id}/confirmar`, { method: 'POST' });
      notify('app.cliente_pagina.confirmado', { type: 'success' });
      onDone();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="info"
      sx={{ mt: 1.5 }}
      action={
        <Button color="inherit" size="small" startIcon={<VerifiedIcon />} onClick={confirmar} disabled={busy}>
          {translate('app.cliente_pagina.confirmar')}
        </Button>
      }
    >
      {translate('app.cliente_pagina.precadastro_help')}
    </Alert>
  );
}

function Actions({ resumo, onChanged }: { resumo: ClienteResumoReply; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { cliente } = resumo;
  const [confirming, setConfirming] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const bloqueado = cliente.status === CLIENTE_STATUS.BLOQUEADO;
  const vencido = cliente.status === CLIENTE_STATUS.VENCIDO;
  const nome = clienteNome(cliente);
  // react-admin's create form starts from the record in `?source=` (a deep link that survives a reload).
  // The dialogs opened from here come back here when closed or saved (ResourceDialog).
  const voltar = { voltar: `/clientes/${cliente.id}/show` };
  const novo = (resource: string) => `/${resource}/create?${new URLSearchParams({ source: JSON.stringify({ idcliente: cliente.id }) })}`;
  const alterar = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.getOne('clientes', { id: cliente.id });
      await dataProvider.update('clientes', {
        id: cliente.id,
        data: { ...data, status: bloqueado ? CLIENTE_STATUS.ATIVO : CLIENTE_STATUS.BLOQUEADO },
        previousData: data,
      });
      notify(bloqueado ? 'app.cliente_pagina.desbloqueado' : 'app.cliente_pagina.bloqueado', { type: 'success' });
      onChanged();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const toggle = (
    <span>
      <Button
        color={bloqueado ? 'success' : 'error'}
        variant="outlined"
        startIcon={bloqueado ? <LockOpenIcon /> : <BlockIcon />}
        disabled={vencido || busy}
        onClick={() => setConfirming(true)}
      >
        {translate(bloqueado ? 'app.cliente_pagina.desbloquear' : 'app.cliente_pagina.bloquear')}
      </Button>
    </span>
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', p: 2 }}>
      <Button variant="contained" startIcon={<EditIcon />} component={Link} to={`/clientes/${cliente.id}`} state={voltar}>
        {translate('app.cliente_pagina.editar')}
      </Button>
      <Button variant="outlined" startIcon={<AddIcon />} component={Link} to={novo('cobrancas')} state={voltar}>
        {translate('app.cliente_pagina.nova_cobranca')}
      </Button>
      <Button variant="outlined" startIcon={<AddIcon />} component={Link} to={novo('ordensservicos')} state={voltar}>
        {translate('app.cliente_pagina.nova_ordem')}
      </Button>
      <Button variant="outlined" startIcon={<AddIcon />} component={Link} to={novo('contratos')} state={voltar}>
        {translate('app.cliente_pagina.novo_contrato')}
      </Button>
      {vencido ? <Tooltip title={translate('app.clientes.status_locked')}>{toggle}</Tooltip> : toggle}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={translate(bloqueado ? 'app.cliente_pagina.desbloquear_titulo' : 'app.cliente_pagina.bloquear_titulo', { nome })}
        text={translate(bloqueado ? 'app.cliente_pagina.desbloquear_texto' : 'app.cliente_pagina.bloquear_texto', { nome })}
        confirm={{
          label: bloqueado ? 'app.cliente_pagina.desbloquear' : 'app.cliente_pagina.bloquear',
          color: bloqueado ? 'success' : 'error',
          disabled: busy,
          onConfirm: () => void alterar(),
        }}
      />
    </Box>
  );
}

function Totais({ resumo }: { resumo: ClienteResumoReply }) {
  const translate = useTranslate();
  const { totais } = resumo.cobrancas;
  const cards = [
    { key: 'abertas', color: '#1565c0', bucket: totais.abertas },
    { key: 'vencidas', color: '#c62828', bucket: totais.vencidas },
    { key: 'recebidas', color: '#2e7d32', bucket: totais.recebidas },
  ];
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }}>
      {cards.map(({ key, color, bucket }) => {
        const label = translate(`app.cliente_pagina.totais.${key}`);
        return (
          <Grid key={key} size={{ xs: 12, sm: 4 }}>
            <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%', borderLeft: 4, borderLeftColor: color }}>
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="h6" component="p" sx={{ fontWeight: 700, color }}>
                  {formatMoney(bucket.valor)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.cobrancas.buckets.count', { smart_count: bucket.qnt, count: bucket.qnt.toLocaleString('pt-BR') })}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

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

function Sections({ resumo }: { resumo: ClienteResumoReply }) {
  const translate = useTranslate();
  const id = resumo.cliente.id;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const statusChip = (label: string, color: 'success' | 'warning' | 'error' | 'default' | 'info') => (
    <Chip size="small" variant="outlined" color={color} label={label} />
  );
  const sections: (SectionProps & { key: string })[] = [
    {
      key: 'veiculos',
      title: 'app.cliente_pagina.veiculos',
      secao: resumo.veiculos,
      to: filteredList('veiculos', id),
      empty: 'app.cliente_pagina.vazio',
      render: (v) => {
        const device = v.device as { id: number; imei: string; situacao: string | null } | null;
        return {
          primary: join(v.placa, [v.marca, v.modelo].filter(Boolean).join(' ')),
          secondary: device
            ? translate('app.cliente_pagina.rastreador', { imei: device.imei })
            : translate('app.cliente_pagina.sem_rastreador'),
          to: `/veiculos/${v.id}`,
          aside:
            device && device.situacao
              ? small(
                  statusChip(
                    translate(`app.cliente_pagina.situacao.${device.situacao}`, { _: device.situacao }),
                    SITUACAO_COLORS[device.situacao] ?? 'default',
                  ),
                )
              : undefined,
        };
      },
    },
    {
      key: 'contratos',
      title: 'app.cliente_pagina.contratos',
      secao: resumo.contratos,
      to: filteredList('contratos', id),
      empty: 'app.cliente_pagina.vazio',
      render: (c) => ({
        primary: join(formatNumero(c.id), c.plano, c.valor ? formatMoney(c.valor) : ''),
        secondary: (
          <MuiLink href={`${origin}/static/contrato/${str(c.token)}`} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
            {translate('app.cliente_pagina.link_publico')}
          </MuiLink>
        ),
        aside: small(statusChip(translate(`app.contratos.status.${str(c.status)}`), c.status === 0 ? 'success' : 'default')),
      }),
    },
    {
      key: 'assinaturas',
      title: 'app.cliente_pagina.assinaturas',
      secao: resumo.assinaturas,
      to: filteredList('assinaturas', id),
      empty: 'app.cliente_pagina.vazio',
      render: (a) => ({
        primary: join(a.description, formatMoney(a.valor)),
        secondary: join(
          translate(`app.assinaturas.cycles.${str(a.cycle)}`, { _: str(a.cycle) }),
          translate('app.cliente_pagina.proximo_vencimento', { data: formatDate(a.nextduedate) }),
        ),
        to: `/assinaturas/${a.id}`,
        aside: small(
          statusChip(translate(`app.assinaturas.status.${str(a.status)}`, { _: str(a.status) }), a.status === 0 ? 'success' : 'warning'),
        ),
      }),
    },
    {
      key: 'cobrancas',
      title: 'app.cliente_pagina.cobrancas',
      secao: resumo.cobrancas,
      to: filteredList('cobrancas', id),
      empty: 'app.cliente_pagina.vazio',
      render: (c) => ({
        primary: join(formatNumero(c.id), c.descricao),
        secondary: join(formatMoney(c.valor), translate('app.cliente_pagina.vencimento', { data: formatDate(c.duedate) })),
        to: `/cobrancas/${c.id}`,
        aside: small(<CobrancaStatus status={Number(c.status)} />),
      }),
    },
    {
      key: 'ordensservicos',
      title: 'app.cliente_pagina.ordens',
      secao: resumo.ordensservicos,
      to: filteredList('ordensservicos', id),
      empty: 'app.cliente_pagina.vazio',
      render: (o) => ({
        primary: join(formatNumero(o.id), o.descricao),
        secondary: join(o.placa, [formatDate(o.agendamento), o.horario].filter(Boolean).join(' ')),
        to: `/ordensservicos/${o.id}`,
        aside: small(
          statusChip(
            translate(o.status === 1 ? 'app.ordensservicos.status.concluido' : 'app.ordensservicos.status.aberto'),
            o.status === 1 ? 'success' : 'info',
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
      <Sections resumo={data} />
    </Box>
  );
}
