/**
 * Configurações → Backups (administrators, DESIGN 10): the backups of BACKUP_DIR (newest first),
 * "Fazer backup agora", and Baixar (the server records who downloaded which file).
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
import { useNotify, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { apiFetch } from '../../dataProvider/http';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';

interface BackupsReply {
  Items: Array<{ nome: string; bytes: number; criadoEm: string }>;
  configurado: boolean;
  diretorio: string | null;
  manter: number;
  emAndamento: boolean;
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

  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="app.backups.titulo" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('app.backups.titulo')}
        </Typography>
        <Button
          variant="contained"
          onClick={take}
          disabled={!reply?.configurado || busy || reply.emAndamento}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(busy ? 'app.backups.em_andamento' : 'app.backups.fazer')}
        </Button>
      </Stack>
      {reply && !reply.configurado ? <Alert severity="info">{translate('app.backups.sem_diretorio')}</Alert> : null}
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
