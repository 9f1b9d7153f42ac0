/**
 * /atendimento and /atendimento/{id} (DESIGN 11, issue 32), every staff member: the WhatsApp inbox.
 * On a wide screen the list, the open conversation and its client side by side; on a phone one at a
 * time (the list, then the conversation with a way back). The list and the conversation are read
 * again every 5 s, the last reply shown meanwhile. The tab, "Minhas" and the search live in the URL.
 */
import * as React from 'react';
import { Box, Button, Card, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ClienteLado } from './ClienteLado';
import { ConversaView } from './ConversaView';
import { ConversasLista, consultaLista, type FiltroLista } from './ConversasLista';
import { ABAS, type Aba, type ConversaDetalhe, type ConversasReply } from './types';
import { useLive } from './useLive';

const POLL_MS = 5000;
/** The page fills the window below the app bar; its parts scroll inside. */
const ALTURA = { xs: 'calc(100dvh - 64px)', md: 'calc(100dvh - 80px)' };

function useFiltro(): [FiltroLista, (f: FiltroLista) => void] {
  const [params, setParams] = useSearchParams();
  const aba = (ABAS as readonly string[]).includes(params.get('aba') ?? '') ? (params.get('aba') as Aba) : 'abertas';
  const filtro = React.useMemo(
    () => ({ aba, minhas: params.get('minhas') === '1', pesquisa: params.get('pesquisa') ?? '' }),
    [aba, params],
  );
  const set = React.useCallback(
    (f: FiltroLista) => {
      const next = new URLSearchParams();
      if (f.aba !== 'abertas') next.set('aba', f.aba);
      if (f.minhas) next.set('minhas', '1');
      if (f.pesquisa) next.set('pesquisa', f.pesquisa);
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [filtro, set];
}

export default function AtendimentoPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const selecionada = id && /^\d{1,10}$/.test(id) ? Number(id) : null;
  const [filtro, setFiltro] = useFiltro();
  const { identity } = useGetIdentity();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const lista = useLive<ConversasReply>(consultaLista(filtro, identity?.id === undefined ? undefined : Number(identity.id)), POLL_MS);
  const detalhe = useLive<ConversaDetalhe>(selecionada ? `/v1/conversas/${selecionada}` : null, POLL_MS);
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const abrir = (conversa: number | null) => navigate({ pathname: conversa ? `/atendimento/${conversa}` : '/atendimento', search });
  const mudou = () => {
    detalhe.reload();
    lista.reload();
  };
  const conversa = detalhe.data;
  // The phone shows the client instead of the messages, for the conversation it was asked on.
  const [verClienteDe, setVerClienteDe] = React.useState<number | null>(null);
  const verCliente = selecionada !== null && verClienteDe === selecionada;
  const versao = conversa ? `${conversa.id}:${conversa.idcliente}:${conversa.mensagens.at(-1)?.id ?? 0}` : '';

  const listaEl = (
    <ConversasLista
      filtro={filtro}
      onFiltro={setFiltro}
      conversas={lista.data?.Items}
      total={lista.data?.meta.total ?? 0}
      selecionada={selecionada}
      onAbrir={abrir}
    />
  );
  const conversaEl = !selecionada ? (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      {translate('app.atendimento.escolha')}
    </Typography>
  ) : detalhe.error && !conversa ? (
    <Typography color="error" sx={{ p: 3 }}>
      {(detalhe.error as Error).message}
    </Typography>
  ) : conversa ? (
    <ConversaView conversa={conversa} onChanged={mudou} onVoltar={phone ? () => abrir(null) : undefined} />
  ) : (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      {translate('app.atendimento.carregar')}
    </Typography>
  );
  const clienteEl = conversa ? <ClienteLado idcliente={conversa.idcliente} versao={versao} /> : null;

  if (phone)
    return (
      <Box sx={{ height: ALTURA, display: 'flex', flexDirection: 'column', mx: -1 }}>
        <Title title={translate('app.atendimento.title')} />
        {selecionada ? (
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
            {clienteEl ? (
              <Button size="small" onClick={() => setVerClienteDe(verCliente ? null : selecionada)} sx={{ alignSelf: 'flex-end' }}>
                {translate(verCliente ? 'app.atendimento.ver_conversa' : 'app.atendimento.ver_cliente_lado')}
              </Button>
            ) : null}
            <Box sx={{ flex: 1, minHeight: 0, overflowY: verCliente ? 'auto' : undefined }}>
              {verCliente && clienteEl ? clienteEl : conversaEl}
            </Box>
          </Box>
        ) : (
          <Card variant="outlined" sx={{ flex: 1, minHeight: 0 }}>
            {listaEl}
          </Card>
        )}
      </Box>
    );
  return (
    <Box sx={{ height: ALTURA, display: 'flex', gap: 1, py: 1 }}>
      <Title title={translate('app.atendimento.title')} />
      <Card variant="outlined" sx={{ width: wide ? 320 : 290, flexShrink: 0, minHeight: 0 }}>
        {listaEl}
      </Card>
      <Card variant="outlined" sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        {conversaEl}
      </Card>
      {clienteEl ? (
        <Card variant="outlined" sx={{ width: { md: 240, xl: 300 }, flexShrink: 0, overflowY: 'auto' }}>
          {clienteEl}
        </Card>
      ) : null}
    </Box>
  );
}
