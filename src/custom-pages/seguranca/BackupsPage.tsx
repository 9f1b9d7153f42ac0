/**
 * Configurações → Backups (administrators, DESIGN 10): the backups of BACKUP_DIR (newest first),
 * "Fazer backup agora", and Baixar (the server records who downloaded which file). "Baixar backup
 * agora" works with or without BACKUP_DIR: the server makes one on the spot and streams it (audited,
 * nothing kept on the server); without BACKUP_DIR it is the screen's main action, and the page says
 * what it gives and how to get daily backups. The page says what a backup holds (tokens, password
 * hashes, the 2FA secrets with their key), and both downloads can be encrypted with a passphrase
 * typed here: it goes in the POST's body (never a URL), and the server keeps nothing of it.
 */
import * as React from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { HttpError, useNotify, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { apiFetch } from '../../dataProvider/http';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { downloadBlob } from '../../components/csv';
import { SmallTable } from '../../components/SmallTable';

interface BackupsReply {
  Items: Array<{ nome: string; bytes: number; criadoEm: string }>;
  configurado: boolean;
  diretorio: string | null;
  manter: number;
  emAndamento: boolean;
}

/**
 * A backup file saved under the server's name: POST /v1/backups/agora (made now), or one of
 * BACKUP_DIR (GET /v1/backups/{nome}, or POST with the passphrase). With `senha`, the server sends
 * it encrypted (`….cifrado`). A refusal is `{ message }` as on every route.
 */
async function downloadBackup(nome: string | null, senha: string): Promise<string> {
  const url = nome ? `/v1/backups/${encodeURIComponent(nome)}` : '/v1/backups/agora';
  const post = !nome || Boolean(senha);
  const response = await fetch(url, {
    method: post ? 'POST' : 'GET',
    credentials: 'same-origin',
    ...(post && senha ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ senha }) } : {}),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(body.message ?? '', response.status, body);
  }
  const saved = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'rastreio.backup';
  downloadBlob(await response.blob(), saved);
  return saved;
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
  const [senha, setSenha] = React.useState('');
  const senhaCurta = senha.length > 0 && senha.length < 8;
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

  const download = (nome: string | null = null) => {
    setDownloading(true);
    downloadBackup(nome, senha)
      .then((nome) => notify('app.backups.baixado', { type: 'success', messageArgs: { arquivo: nome } }))
      .catch(onError)
      .finally(() => setDownloading(false));
  };
  const running = busy || downloading || Boolean(reply?.emAndamento);
  const downloadButton = (
    <Button
      variant={reply?.configurado ? 'outlined' : 'contained'}
      onClick={() => download()}
      disabled={!reply || running || senhaCurta}
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
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="h2">
          {translate('app.backups.conteudo_titulo')}
        </Typography>
        <Typography variant="body2">{translate('app.backups.conteudo')}</Typography>
      </Alert>
      <TextField
        type="password"
        label={translate('app.backups.senha')}
        value={senha}
        onChange={(event) => setSenha(event.target.value)}
        autoComplete="new-password"
        error={senhaCurta}
        helperText={senhaCurta ? translate('app.backups.senha_curta') : translate('app.backups.senha_ajuda')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        fullWidth
        size="small"
        sx={{ mb: 2 }}
      />
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
              <SmallTable
                label={translate('app.backups.titulo')}
                rows={reply.Items}
                rowKey={(item) => item.nome}
                columns={[
                  { label: 'app.backups.arquivo', sx: { fontFamily: 'monospace' }, render: (item) => item.nome },
                  { label: 'app.backups.data', render: (item) => dateTime.format(new Date(item.criadoEm)) },
                  { label: 'app.backups.tamanho', align: 'right', render: (item) => size(item.bytes) },
                  {
                    align: 'right',
                    render: (item) => (
                      <Button
                        size="small"
                        startIcon={<DownloadIcon />}
                        onClick={() => download(item.nome)}
                        disabled={downloading || senhaCurta}
                      >
                        {translate(senha ? 'app.backups.baixar_cifrado' : 'app.backups.baixar')}
                      </Button>
                    ),
                  },
                ]}
              />
            ) : (
              <Typography variant="body2">{translate('app.backups.vazio')}</Typography>
            )}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
