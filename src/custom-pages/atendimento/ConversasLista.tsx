/**
 * The inbox's list (DESIGN 11): tabs by status (the open ones first), "Minhas", a search box, and the
 * conversations as the server orders them (urgent, aguardando, then the latest), read again every 5 s.
 * Each row: the chat's name or client, the last message, its time, the status, urgent and unread.
 */
import * as React from 'react';
import SearchIcon from '@mui/icons-material/Search';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import {
  Badge,
  Box,
  Chip,
  FormControlLabel,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import { ABAS, STATUS_CORES, tituloConversa, type Aba, type Conversa } from './types';

export interface FiltroLista {
  aba: Aba;
  minhas: boolean;
  pesquisa: string;
}

/** The list's query string for GET /v1/conversas. */
export function consultaLista(filtro: FiltroLista, idUsuario: number | undefined) {
  const q = new URLSearchParams({ pageSize: '100' });
  if (filtro.aba !== 'abertas') q.set('status', filtro.aba);
  if (filtro.minhas && idUsuario) q.set('idatendente', String(idUsuario));
  if (filtro.pesquisa.trim()) q.set('pesquisa', filtro.pesquisa.trim().slice(0, 100));
  return `/v1/conversas?${q.toString()}`;
}

/** Today's messages show the time only. */
function quando(value: string) {
  const full = formatDateTime(value);
  const today = formatDateTime(new Date().toISOString()).slice(0, 10);
  return full.startsWith(today) ? full.slice(11) : full.slice(0, 10);
}

export function ConversasLista(props: {
  filtro: FiltroLista;
  onFiltro: (filtro: FiltroLista) => void;
  conversas: Conversa[] | undefined;
  total: number;
  selecionada: number | null;
  onAbrir: (id: number) => void;
}) {
  const { filtro, onFiltro, conversas, total, selecionada, onAbrir } = props;
  const translate = useTranslate();
  const [texto, setTexto] = React.useState(filtro.pesquisa);
  // The search goes to the server 400 ms after the last key.
  React.useEffect(() => {
    if (texto === filtro.pesquisa) return undefined;
    const timer = window.setTimeout(() => onFiltro({ ...filtro, pesquisa: texto }), 400);
    return () => window.clearTimeout(timer);
  }, [texto, filtro, onFiltro]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Tabs
        value={filtro.aba}
        onChange={(_, aba: Aba) => onFiltro({ ...filtro, aba })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('app.atendimento.title')}
      >
        {ABAS.map((aba) => (
          <Tab key={aba} value={aba} label={translate(`app.atendimento.abas.${aba}`)} sx={{ minWidth: 0, px: 1.5 }} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', px: 1, py: 1 }}>
        <TextField
          size="small"
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
          placeholder={translate('app.atendimento.pesquisa')}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.atendimento.pesquisa'), maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: 1 }}
        />
        <FormControlLabel
          control={<Switch size="small" checked={filtro.minhas} onChange={(_, minhas) => onFiltro({ ...filtro, minhas })} />}
          label={translate('app.atendimento.minhas')}
          sx={{ mr: 0 }}
        />
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }} aria-live="polite">
        {conversas === undefined ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('app.atendimento.carregar')}
          </Typography>
        ) : conversas.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('app.atendimento.nenhuma')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={translate('app.atendimento.title')} data-total={total}>
            {conversas.map((c) => (
              <ListItemButton
                key={c.id}
                selected={c.id === selecionada}
                onClick={() => onAbrir(c.id)}
                divider
                data-testid={`conversa-${c.id}`}
                sx={{ alignItems: 'flex-start', gap: 1, borderLeft: 4, borderLeftColor: c.urgente ? 'error.main' : 'transparent' }}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      {c.urgente ? <WarningIcon color="error" fontSize="small" aria-label={translate('app.atendimento.urgente')} /> : null}
                      <Box
                        component="span"
                        sx={{
                          fontWeight: c.naoLidas ? 700 : 500,
                          flex: 1,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {tituloConversa(c)}
                      </Box>
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {quando(c.ultimaMensagemEm)}
                      </Typography>
                    </Box>
                  }
                  secondary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
                      <Box component="span" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {c.ultimaMensagem}
                      </Box>
                      <Chip
                        component="span"
                        size="small"
                        variant="outlined"
                        color={STATUS_CORES[c.status]}
                        label={translate(`app.atendimento.status.${c.status}`)}
                      />
                      {c.naoLidas ? (
                        <Badge
                          badgeContent={c.naoLidas}
                          color="primary"
                          max={99}
                          aria-label={translate('app.atendimento.nao_lidas', { smart_count: c.naoLidas })}
                          sx={{ mx: 1 }}
                        />
                      ) : null}
                    </Box>
                  }
                  slotProps={{ secondary: { component: 'span' } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
