/** An import's progress while it runs, and its result: the counts, the refused rows, the notes and the skipped rows. */
import * as React from 'react';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumero } from '../../../domain/formatters';
import type { ImportacaoEstado, LinhaResultado, RecursoImportacao } from '../../../domain/importacao';
import { FigureContent } from '../../components/FigureContent';

const count = new Intl.NumberFormat('pt-BR');

/** The import's four counts: their texts, the figures and their colours. */
const NUMEROS = [
  ['app.importar.criadas', 'criadas', '#2e7d32'],
  ['app.importar.atualizadas', 'atualizadas', '#1565c0'],
  ['app.importar.ignoradas', 'ignoradas', '#616161'],
  ['app.importar.recusadas', 'nErros', '#c62828'],
] as const;

function Numero({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ borderLeft: 4, borderLeftColor: color, height: '100%' }}>
      <FigureContent label={label} figure={count.format(value)} color={color} />
    </Card>
  );
}

/** A row of the result's tables: a sheet's line and column, or (from Traccar) the device. */
function Linhas({ label, linhas, traccar, motivo }: { label: string; linhas: LinhaResultado[]; traccar: boolean; motivo: string }) {
  const translate = useTranslate();
  const dispositivo = (linha: LinhaResultado) =>
    [linha.dispositivo?.name || translate('app.importar.sem_nome'), linha.dispositivo?.uniqueId].filter(Boolean).join(' · ');
  return (
    <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {traccar ? (
              <TableCell>{translate('app.importar.col_dispositivo')}</TableCell>
            ) : (
              <>
                <TableCell>{translate('app.importar.col_linha')}</TableCell>
                <TableCell>{translate('app.importar.col_coluna')}</TableCell>
              </>
            )}
            <TableCell>{motivo}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {linhas.map((linha, i) => (
            <TableRow key={`${linha.linha}-${i}`}>
              {traccar ? (
                <TableCell>{dispositivo(linha)}</TableCell>
              ) : (
                <>
                  <TableCell>{linha.linha}</TableCell>
                  <TableCell>{linha.campo}</TableCell>
                </>
              )}
              <TableCell>{linha.mensagem}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function Resultado({ estado }: { estado: ImportacaoEstado }) {
  const translate = useTranslate();
  const simulacao = estado.modo === 'simular';
  // From Traccar each count is of devices, and each refusal or note names its device.
  const traccar = estado.origem === 'traccar';
  const avisos = estado.avisos ?? [];
  const nAvisos = estado.nAvisos ?? 0;
  return (
    <Box component="section" aria-label={translate(simulacao ? 'app.importar.resultado_simulacao' : 'app.importar.resultado_importacao')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(simulacao ? 'app.importar.resultado_simulacao' : 'app.importar.resultado_importacao')}
      </Typography>
      {estado.status === 'falhou' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.importar.falhou', { motivo: estado.motivo })}
        </Alert>
      ) : simulacao ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(traccar ? 'app.importar.simulacao_nota_traccar' : 'app.importar.simulacao_nota')}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.importar.concluida')}
        </Alert>
      )}
      <Grid container spacing={1.5} sx={{ mb: 2 }}>
        {NUMEROS.map(([label, campo, color]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Numero label={translate(label)} value={estado[campo]} color={color} />
          </Grid>
        ))}
      </Grid>
      {estado.nErros > 0 ? (
        <>
          <Button
            component="a"
            href={`/v1/importacoes/${estado.id}/erros.csv`}
            download={`importacao-${estado.id}-recusadas.csv`}
            variant="outlined"
            startIcon={<DownloadIcon />}
            sx={{ mb: 1 }}
          >
            {translate(traccar ? 'app.importar.baixar_recusados_traccar' : 'app.importar.baixar_recusadas')}
          </Button>
          <Linhas
            label={translate('app.importar.recusadas')}
            linhas={estado.erros}
            traccar={traccar}
            motivo={translate('app.importar.col_motivo')}
          />
          {estado.nErros > estado.erros.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(traccar ? 'app.importar.mais_erros_traccar' : 'app.importar.mais_erros', { n: estado.erros.length })}
            </Typography>
          ) : null}
        </>
      ) : null}
      {nAvisos > 0 ? (
        <Box component="section" aria-label={translate('app.importar.avisos')} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {translate('app.importar.avisos_titulo', { smart_count: nAvisos })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.importar.avisos_ajuda')}
          </Typography>
          <Linhas label={translate('app.importar.avisos')} linhas={avisos} traccar={traccar} motivo={translate('app.importar.col_aviso')} />
          {nAvisos > avisos.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.importar.mais_avisos', { n: avisos.length })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <Ignoradas estado={estado} />
    </Box>
  );
}

/** Where the record a skipped row matched is opened. */
const REGISTRO_LINK: Record<RecursoImportacao, (id: number) => string> = {
  clientes: (id) => `/clientes/${id}/show`,
  veiculos: (id) => `/veiculos/${id}`,
  trackres: (id) => `/rastreadores/${id}`,
  chips: (id) => `/chips/${id}`,
};

/** The skipped rows (issue 30): the line, why, and the existing record it matched (a link). */
function Ignoradas({ estado }: { estado: ImportacaoEstado }) {
  const translate = useTranslate();
  const linhas = estado.ignoradasLinhas ?? [];
  if (!estado.ignoradas || !linhas.length) return null;
  const titulo = translate('app.importar.ignoradas_titulo');
  return (
    <Box component="section" aria-label={titulo} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {titulo}
      </Typography>
      <Box sx={{ maxHeight: 300, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={titulo}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.importar.col_linha')}</TableCell>
              <TableCell>{translate('app.importar.col_motivo')}</TableCell>
              <TableCell>{translate('app.importar.col_registro')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {linhas.map((linha, i) => (
              <TableRow key={`${linha.linha}-${i}`}>
                <TableCell>{linha.linha}</TableCell>
                <TableCell>{linha.motivo}</TableCell>
                <TableCell>
                  {linha.registro?.id ? (
                    <Link component={RouterLink} to={REGISTRO_LINK[estado.recurso](linha.registro.id)}>
                      {translate('app.importar.registro', { numero: formatNumero(linha.registro.id), chave: linha.registro.chave })}
                    </Link>
                  ) : (
                    (linha.registro?.chave ?? '—')
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {estado.ignoradas > linhas.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.importar.mais_ignoradas', { n: linhas.length })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The progress bar while an import runs, its result once it ends. */
export function Andamento({ estado }: { estado: ImportacaoEstado }) {
  const translate = useTranslate();
  const percent = estado.total ? Math.round((100 * estado.processadas) / estado.total) : 0;
  const label = translate(estado.modo === 'simular' ? 'app.importar.simulando' : 'app.importar.importando');
  return (
    <Card variant="outlined">
      <CardContent>
        {estado.status === 'processando' ? (
          <Box aria-live="polite">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {label}{' '}
              {translate(estado.origem === 'traccar' ? 'app.importar.progresso_traccar' : 'app.importar.progresso', {
                processadas: count.format(estado.processadas),
                total: count.format(estado.total),
              })}
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={label} />
          </Box>
        ) : (
          <Resultado estado={estado} />
        )}
      </CardContent>
    </Card>
  );
}
