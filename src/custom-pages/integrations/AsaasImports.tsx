/**
 * "Importar do Asaas" (SPEC 7, DESIGN 9 "import calls"): clients, subscriptions and charges, each
 * GET /v1/{kind}/imports/{userId}/asaas → { imported, updated, message }. An import may take a
 * while: a progress bar runs under its button and the three wait for it; the counts stay under it.
 */
import * as React from 'react';
import CloudDownloadIcon from '@mui/icons-material/CloudDownloadOutlined';
import { Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { importFromGateway, type ImportKind, type ImportReply } from './api';
import { DEFAULT_GATEWAY } from './WebhookFields';

const IMPORTS: { kind: ImportKind; label: string; running: string; done: string }[] = [
  {
    kind: 'clientes',
    label: 'app.integracoes.mdp.import_clientes',
    running: 'app.integracoes.mdp.importing_clientes',
    done: 'app.integracoes.mdp.imported_clientes',
  },
  {
    kind: 'assinaturas',
    label: 'app.integracoes.mdp.import_assinaturas',
    running: 'app.integracoes.mdp.importing_assinaturas',
    done: 'app.integracoes.mdp.imported_assinaturas',
  },
  {
    kind: 'cobrancas',
    label: 'app.integracoes.mdp.import_cobrancas',
    running: 'app.integracoes.mdp.importing_cobrancas',
    done: 'app.integracoes.mdp.imported_cobrancas',
  },
];

export function AsaasImports() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const userId = useRecordContext()!.id;
  const [running, setRunning] = React.useState<ImportKind | null>(null);
  const [results, setResults] = React.useState<Partial<Record<ImportKind, ImportReply>>>({});

  const run = async ({ kind, done }: (typeof IMPORTS)[number]) => {
    setRunning(kind);
    try {
      const reply = await importFromGateway(kind, userId, DEFAULT_GATEWAY);
      setResults((current) => ({ ...current, [kind]: reply }));
      const message = reply?.message || translate(done);
      notify(message, { type: 'success', messageArgs: { _: message } });
    } catch (error) {
      onError(error);
    } finally {
      setRunning(null);
    }
  };

  const summary = (reply: ImportReply) =>
    `${translate('app.integracoes.mdp.imported', { smart_count: Number(reply.imported) || 0 })}, ${translate(
      'app.integracoes.mdp.updated',
      { smart_count: Number(reply.updated) || 0 },
    )}`;

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('app.integracoes.mdp.import_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.integracoes.mdp.import_help')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {IMPORTS.map((item) => {
            const result = results[item.kind];
            return (
              <Box key={item.kind}>
                <Button
                  variant="outlined"
                  fullWidth
                  startIcon={<CloudDownloadIcon />}
                  onClick={() => run(item)}
                  disabled={running !== null}
                >
                  {translate(item.label)}
                </Button>
                {running === item.kind ? <LinearProgress aria-label={translate(item.running)} sx={{ mt: 1 }} /> : null}
                {result ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                    {summary(result)}
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
