/**
 * A conversation's messages as chat bubbles (DESIGN 11): the client's on the left, the assistant's
 * and staff's on the right, each with its author, time and, for an outgoing one, its delivery status
 * (and why it failed or was not sent). Links in a text open in a new tab. The view keeps to the
 * bottom when a message arrives, unless the reader scrolled up.
 */
import * as React from 'react';
import { Box, Link, Paper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import type { ConversaMensagem } from './types';

const URL = /(https?:\/\/[^\s]+)/g;

/** The text with its links clickable. */
function ComLinks({ texto }: { texto: string }) {
  const parts = texto.split(URL);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
            {part}
          </Link>
        ) : (
          <React.Fragment key={i}>{part}</React.Fragment>
        ),
      )}
    </>
  );
}

const CORES = {
  cliente: { bg: 'background.paper', align: 'flex-start' },
  bot: { bg: '#e3f2fd', align: 'flex-end' },
  staff: { bg: '#dcf8c6', align: 'flex-end' },
} as const;

function Bolha({ m }: { m: ConversaMensagem }) {
  const translate = useTranslate();
  const cor = CORES[m.autor] ?? CORES.cliente;
  const falhou = m.status === 'falhou' || m.status === 'ignorada';
  const autor = m.autor === 'staff' && m.por ? m.por : translate(`app.atendimento.autor.${m.autor}`);
  return (
    <Box sx={{ display: 'flex', justifyContent: cor.align, px: 1 }}>
      <Paper
        variant="outlined"
        data-autor={m.autor}
        sx={{
          bgcolor: cor.bg,
          px: 1.5,
          py: 1,
          maxWidth: { xs: '88%', md: '75%' },
          borderRadius: 2,
          borderColor: falhou ? 'error.light' : 'divider',
        }}
      >
        <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
          {autor}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.texto ? <ComLinks texto={m.texto} /> : `[${m.tipo}]`}
        </Typography>
        <Typography variant="caption" color={falhou ? 'error' : 'text.secondary'} component="div" sx={{ textAlign: 'right', mt: 0.5 }}>
          {formatDateTime(m.em)}
          {m.direcao === 'saida' ? ` · ${translate(`app.atendimento.entrega.${m.status}`, { _: m.status })}` : ''}
          {falhou && m.observacao ? ` · ${m.observacao}` : ''}
        </Typography>
      </Paper>
    </Box>
  );
}

export function Mensagens({ mensagens }: { mensagens: ConversaMensagem[] }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const fundo = React.useRef(true);
  const ultima = mensagens.at(-1)?.id;
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (el && fundo.current) el.scrollTop = el.scrollHeight;
  }, [ultima]);
  return (
    <Box
      ref={ref}
      onScroll={(event) => {
        const el = event.currentTarget;
        fundo.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      role="log"
      aria-live="polite"
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1, py: 1, bgcolor: 'grey.100' }}
    >
      {mensagens.map((m) => (
        <Bolha key={m.id} m={m} />
      ))}
    </Box>
  );
}
