/**
 * The top of the client's page (/clientes/{id}/show): name, document, contacts, status and why,
 * "Não enviar mensagens", "Pré-cadastro" with Confirmar, the actions (Editar, Nova cobrança, Nova
 * ordem de serviço, Novo contrato, Bloquear / Desbloquear with a confirmation) and the charges' totals.
 */
import * as React from 'react';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Grid, Stack, Tooltip, Typography } from '@mui/material';
import { LinkBase as Link, useDataProvider, useNotify, useTranslate } from 'ra-core';
import { clienteDocumento, clienteNome, isJuridica } from '../../../domain/clientes';
import { CLIENTE_STATUS } from '../../../domain/constants';
import { formatCpfCnpj, formatDate, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiFetch } from '../../dataProvider/http';
import { statusChoices } from './choices';
import { join, str, type ClienteResumoReply } from './resumo';
import { FigureContent } from '../../components/FigureContent';
import { BloqueioParcialChip, type BloqueioCliente } from '../contratos/BloqueioContrato';

const STATUS_COLORS = {
  [CLIENTE_STATUS.ATIVO]: 'success',
  [CLIENTE_STATUS.BLOQUEADO]: 'error',
  [CLIENTE_STATUS.VENCIDO]: 'warning',
} as const;

export function Header({ resumo, onChanged }: { resumo: ClienteResumoReply; onChanged: () => void }) {
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
          <BloqueioParcialChip bloqueio={cliente.bloqueio as BloqueioCliente | undefined} />
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

export function Totais({ resumo }: { resumo: ClienteResumoReply }) {
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
              <FigureContent label={label} figure={formatMoney(bucket.valor)} color={color}>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.cobrancas.buckets.count', { smart_count: bucket.qnt, count: bucket.qnt.toLocaleString('pt-BR') })}
                </Typography>
              </FigureContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
