/**
 * A charge's messages under its page (DESIGN 7), on screen only: each WhatsApp alert of the charge
 * and each manual Enviar, with its status (Enviada, Pendente, Enviando, Falhou, Ignorada), when, the
 * reason the channel gave, and its text on demand. GET /v1/cobrancas/{id}/mensagens, newest first.
 */
import * as React from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Collapse,
  Divider,
  IconButton,
  List,
  ListItem,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime, formatPhone } from '../../../domain/formatters';
import { useApiGet } from '../../dataProvider/useApiGet';
import { serverMessage } from '../../form/useServerErrorNotify';

import type { MensagemKind } from '../../../domain/mensagens';

export type { MensagemKind };
export type MensagemStatus = 'pendente' | 'enviando' | 'enviada' | 'falhou' | 'ignorada';

export /** WhatsApp numbers carry Brazil's 55: shown as the national number, (11) 98765-4321. */
const nationalNumber = (digits: string) => digits.replace(/^55(?=\d{10,11}$)/, '');

interface Mensagem {
  id: number;
  kind: MensagemKind;
  /** 0 for the first alert of its kind; the repeats of an overdue alert count 1, 2… */
  occurrence: number;
  destino: string;
  texto: string;
  status: MensagemStatus;
  motivo: string;
  tentativas: number;
  createdAt: string;
  enviadaEm: string | null;
  updatedAt: string;
}

export interface MensagensReply {
  Items: Mensagem[];
  meta: { total: number };
}

const STATUS_COLORS: Record<MensagemStatus, 'success' | 'default' | 'error' | 'warning'> = {
  enviada: 'success',
  pendente: 'default',
  enviando: 'default',
  falhou: 'error',
  ignorada: 'warning',
};

/**
 * A message's title: its kind, with the repeat of an overdue alert (1ª repetição…) or which
 * "cobrança atualizada" it is (2ª, 3ª…).
 */
export function mensagemTitulo(translate: (key: string, options?: object) => string, kind: string, occurrence: number) {
  const label = translate(`app.cobrancas.mensagens.kind.${kind}`, { _: kind });
  if (occurrence <= 0) return label;
  if (kind === 'atualizada') return translate('app.cobrancas.mensagens.atualizacao', { kind: label, n: occurrence + 1 });
  return translate('app.cobrancas.mensagens.repeticao', { kind: label, n: occurrence });
}

/** The charge's messages, read by the page so that Enviar can ask for them again. */
export const useCobrancaMensagens = (id: number) => useApiGet<MensagensReply>(`/v1/cobrancas/${id}/mensagens`);

function MensagemItem({ mensagem }: { mensagem: Mensagem }) {
  const translate = useTranslate();
  const [open, setOpen] = React.useState(false);
  const textId = React.useId();
  const title = mensagemTitulo(translate, mensagem.kind, mensagem.occurrence);
  const details = [
    mensagem.destino ? translate('app.cobrancas.mensagens.para', { destino: formatPhone(nationalNumber(mensagem.destino)) }) : '',
    mensagem.tentativas > 1 ? translate('app.cobrancas.mensagens.tentativas', { smart_count: mensagem.tentativas }) : '',
  ].filter(Boolean);
  return (
    <ListItem sx={{ display: 'block', px: 0, py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLORS[mensagem.status] ?? 'default'}
          label={translate(`app.cobrancas.mensagens.status.${mensagem.status}`, { _: mensagem.status })}
        />
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          {formatDateTime(mensagem.enviadaEm ?? mensagem.updatedAt)}
        </Typography>
      </Box>
      {details.length ? (
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
      ) : null}
      {mensagem.motivo ? (
        <Typography variant="body2" color={mensagem.status === 'falhou' ? 'error' : 'text.primary'}>
          {translate('app.cobrancas.mensagens.motivo', { motivo: mensagem.motivo })}
        </Typography>
      ) : null}
      {mensagem.texto ? (
        <>
          <Button size="small" sx={{ px: 0, minWidth: 0 }} aria-expanded={open} aria-controls={textId} onClick={() => setOpen(!open)}>
            {translate(open ? 'app.cobrancas.mensagens.ocultar_texto' : 'app.cobrancas.mensagens.ver_texto')}
          </Button>
          <Collapse in={open} id={textId}>
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'grey.50', borderRadius: 1, p: 1 }}
            >
              {mensagem.texto}
            </Typography>
          </Collapse>
        </>
      ) : null}
    </ListItem>
  );
}

export interface CobrancaMensagensProps {
  mensagens: ReturnType<typeof useCobrancaMensagens>;
}

export function CobrancaMensagens({ mensagens }: CobrancaMensagensProps) {
  const translate = useTranslate();
  const headingId = React.useId();
  const { data, error, isPending, isFetching, reload } = mensagens;
  const items = data?.Items ?? [];
  const reloadLabel = translate('app.cobrancas.mensagens.reload');
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {translate('app.cobrancas.mensagens.title')}
        </Typography>
        <Tooltip title={reloadLabel}>
          <span>
            <IconButton aria-label={reloadLabel} onClick={reload} disabled={isFetching}>
              {isFetching && !isPending ? <CircularProgress size={20} /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} aria-label={translate('app.loading')} />
        </Box>
      ) : error ? (
        <Alert severity="error">{translate(serverMessage(error), { _: serverMessage(error) })}</Alert>
      ) : items.length ? (
        <List disablePadding>
          {items.map((mensagem, index) => (
            <React.Fragment key={mensagem.id}>
              {index > 0 ? <Divider component="li" /> : null}
              <MensagemItem mensagem={mensagem} />
            </React.Fragment>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {translate('app.cobrancas.mensagens.empty')}
        </Typography>
      )}
    </Paper>
  );
}
