/**
 * Configurações → Backups (administrators, DESIGN 10): the backups of BACKUP_DIR (newest first),
 * "Fazer backup agora", and Baixar (the server records who downloaded which file). "Baixar backup
 * agora" works with or without BACKUP_DIR: the server makes one on the spot and streams it (audited,
 * nothing kept on the server); without BACKUP_DIR it is the screen's main action, and the page says
 * what it gives and how to get daily backups.
 */
import * as React from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { HttpError, useNotify, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { apiFetch } from '../../dataProvider/http';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { downloadBlob } from '../../components/csv';

interface BackupsReply {
  Items: Array<{ nome: string; bytes: number; criadoEm: string }>;
  configurado: boolean;
  diretorio: string | null;
  manter: number;
  emAndamento: boolean;
}

/**
 * POST /v1/backups/agora: the reply is the backup file, saved under the server's name. A refusal is
 * `{ message }` as on every route.
 */
async function downloadNow(): Promise<string> {
  const response = await fetch('/v1/backups/agora', { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(body.message ?? '', response.status, body);
  }
  const nome = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'rastreio.backup';
  downloadBlob(await response.blob(), nome);
  return nome;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });
const size = (bytes: number) =>
  bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('pt-BR')} KB`;

export default function BackupsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [reply, setReply] = React.useState<BackupsReply | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [downloading, setDownloading] = React.useState(false);
  const load = React.useCallback(() => apiFetch<BackupsReply>('/v1/backups').then(setReply).catch(onError), [onError]);
  React.useEffect(() => {
    void load();
  }, [load]);

  const take = () => {
    setBusy(true);
    apiFetch<{ nome: string }>('/v1/backups', { method: 'POST' })
      .then((made) => {
        notify('app.backups.feito', { type: 'success', messageArgs: { arquivo: made.nome } });
        return load();
      })
      .catch(onError)
      .finally(() => setBusy(false));
  };

  const download = () => {
    setDownloading(true);
    downloadNow()
      .then((nome) => notify('app.backups.baixado', { type: 'success', messageArgs: { arquivo: nome } }))
      .catch(onError)
      .finally(() => setDownloading(false));
  };
  const running = busy || downloading || Boolean(reply?.emAndamento);
  const downloadButton = (
    <Button
      variant={reply?.configurado ? 'outlined' : 'contained'}
      onClick={download}
      disabled={!reply || running}
      startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    >
      {translate(downloading ? 'app.backups.baixando' : 'app.backups.baixar_agora')}
    </Button>
  );

  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="app.backups.titulo" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('app.backups.titulo')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {downloadButton}
          {reply?.configurado ? (
            <Button
              variant="contained"
              onClick={take}
              disabled={running}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate(busy ? 'app.backups.em_andamento' : 'app.backups.fazer')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {reply && !reply.configurado ? (
        <Alert severity="info">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.backups.sem_diretorio')}
          </Typography>
          <Typography variant="body2">{translate('app.backups.sem_diretorio_diario')}</Typography>
        </Alert>
      ) : null}
      {reply?.configurado ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {translate('app.backups.diretorio', { dir: reply.diretorio, keep: reply.manter })}
            </Typography>
            {reply.Items.length ? (
              <TableContainer>
                <Table size="small" aria-label={translate('app.backups.titulo')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('app.backups.arquivo')}</TableCell>
                      <TableCell>{translate('app.backups.data')}</TableCell>
                      <TableCell align="right">{translate('app.backups.tamanho')}</TableCell>
                      <TableCell align="right" />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {reply.Items.map((item) => (
                      <TableRow key={item.nome}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{item.nome}</TableCell>
                        <TableCell>{dateTime.format(new Date(item.criadoEm))}</TableCell>
                        <TableCell align="right">{size(item.bytes)}</TableCell>
                        <TableCell align="right">
                          <Button
                            size="small"
                            startIcon={<DownloadIcon />}
                            href={`/v1/backups/${encodeURIComponent(item.nome)}`}
                            download={item.nome}
                          >
                            {translate('app.backups.baixar')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : (
              <Typography variant="body2">{translate('app.backups.vazio')}</Typography>
            )}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
