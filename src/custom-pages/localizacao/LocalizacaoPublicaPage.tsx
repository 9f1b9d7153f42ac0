/**
 * /static/localizacao/{token} (DESIGN 11, the bot's option 2): a vehicle's position shared by
 * WhatsApp for an hour, public, with no session. Its plate, address and the time of the fix, read
 * again every 30 s (GET /v1/static/localizacao/{token}), and a link that opens the point in a map.
 * An unknown or expired link shows a clear page with no data.
 */
import * as React from 'react';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import MapIcon from '@mui/icons-material/MapOutlined';
import { Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../domain/formatters';
import { apiFetch } from '../../dataProvider/http';

interface Localizacao {
  placa: string;
  latitude: number | null;
  longitude: number | null;
  endereco: string;
  fixTime: string | null;
  expiraEm: string;
}

const REFRESH_MS = 30_000;

export default function LocalizacaoPublicaPage() {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const [state, setState] = React.useState<{ kind: 'loading' | 'invalid' | 'unavailable' } | { kind: 'ready'; dados: Localizacao }>({
    kind: 'loading',
  });
  React.useEffect(() => {
    let alive = true;
    const read = async () => {
      try {
        const dados = await apiFetch<Localizacao>(`/v1/static/localizacao/${encodeURIComponent(token)}`, { credentials: 'omit' });
        if (alive) setState({ kind: 'ready', dados });
      } catch (error) {
        if (!alive) return;
        const invalid = error instanceof HttpError && (error.status === 404 || error.status === 400);
        setState((prev) => (invalid || prev.kind !== 'ready' ? { kind: invalid ? 'invalid' : 'unavailable' } : prev));
      }
    };
    void read();
    const timer = window.setInterval(() => void read(), REFRESH_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [token]);

  let body: React.ReactNode;
  if (state.kind === 'loading') body = <CircularProgress aria-label={translate('app.loading')} />;
  else if (state.kind !== 'ready')
    body = (
      <Box sx={{ textAlign: 'center' }}>
        <LinkOffIcon color="disabled" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="h1">
          {translate(state.kind === 'invalid' ? 'app.localizacao_publica.expirado' : 'app.localizacao_publica.indisponivel')}
        </Typography>
      </Box>
    );
  else {
    const { dados } = state;
    const temPonto = dados.latitude !== null && dados.longitude !== null;
    body = (
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography variant="overline" color="text.secondary">
            {translate('app.localizacao_publica.titulo')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {dados.placa}
          </Typography>
          <Typography>{dados.endereco || (temPonto ? `${dados.latitude!.toFixed(5)}, ${dados.longitude!.toFixed(5)}` : '')}</Typography>
          {dados.fixTime ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.localizacao_publica.posicao_em', { hora: formatDateTime(dados.fixTime) })}
            </Typography>
          ) : null}
          {temPonto ? (
            <Button
              variant="contained"
              startIcon={<MapIcon />}
              href={`https://www.google.com/maps/search/?api=1&query=${dados.latitude},${dados.longitude}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {translate('app.localizacao_publica.abrir_mapa')}
            </Button>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {translate('app.localizacao_publica.expira', { hora: formatDateTime(dados.expiraEm) })}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      {body}
    </Box>
  );
}
