/**
 * Configurações → Importar, and each list's "Importar" (DESIGN 10): choose what to import and the
 * file (templates offered), check the column match the server proposes and correct it, choose what
 * to do with records that already exist, Simular (nothing is written: counts and refused rows),
 * then Importar with a progress bar, and download the refused rows as CSV.
 */
import * as React from 'react';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
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
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatNumero } from '../../../domain/formatters';
import { RECURSOS_IMPORTACAO, type ImportacaoEstado, type LinhaResultado, type RecursoImportacao } from '../../../domain/importacao';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { iniciarImportacao, lerCabecalho, lerImportacao, type Cabecalho } from './api';
import { apiFetch } from '../../dataProvider/http';

const count = new Intl.NumberFormat('pt-BR');
const isRecurso = (v: string | null): v is RecursoImportacao => RECURSOS_IMPORTACAO.includes(v as RecursoImportacao);

function Numero({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ borderLeft: 4, borderLeftColor: color, height: '100%' }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, color }}>
          {count.format(value)}
        </Typography>
      </CardContent>
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
        <Grid size={{ xs: 6, md: 3 }}>
          <Numero label={translate('app.importar.criadas')} value={estado.criadas} color="#2e7d32" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Numero label={translate('app.importar.atualizadas')} value={estado.atualizadas} color="#1565c0" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Numero label={translate('app.importar.ignoradas')} value={estado.ignoradas} color="#616161" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Numero label={translate('app.importar.recusadas')} value={estado.nErros} color="#c62828" />
        </Grid>
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

/** Integrações → Traccar → Importar dispositivos: Simular, then Importar (DESIGN 10). */
function ImportarTraccar() {
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [estado, setEstado] = React.useState<ImportacaoEstado | null>(null);
  const [simulado, setSimulado] = React.useState(false);
  React.useEffect(() => {
    if (!estado || estado.status !== 'processando') return undefined;
    const timer = window.setTimeout(async () => {
      try {
        const next = await lerImportacao(estado.id);
        setEstado(next);
        if (next.status === 'concluida' && next.modo === 'simular') setSimulado(true);
      } catch (error) {
        onError(error);
      }
    }, 500);
    return () => window.clearTimeout(timer);
  }, [estado, onError]);
  const iniciar = async (modo: 'simular' | 'importar') => {
    try {
      const { id } = await apiFetch<{ id: number }>('/v1/importacoes/traccar', { method: 'POST', body: { modo } });
      setEstado(await lerImportacao(id));
    } catch (error) {
      onError(error);
    }
  };
  const running = estado?.status === 'processando';
  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, maxWidth: 1100 }}>
      <Title title={translate('app.importar.traccar_titulo')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.importar.traccar_titulo')}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2">{translate('app.importar.traccar_ajuda')}</Typography>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Button variant="outlined" disabled={running} onClick={() => void iniciar('simular')}>
              {translate('app.importar.simular')}
            </Button>
            <Button variant="contained" disabled={running || !simulado} onClick={() => void iniciar('importar')}>
              {translate('app.importar.importar')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      {estado ? <Andamento estado={estado} /> : null}
    </Box>
  );
}

/** The progress bar while an import runs, its result once it ends. */
function Andamento({ estado }: { estado: ImportacaoEstado }) {
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

export default function ImportarPage() {
  const [params] = useSearchParams();
  return params.get('origem') === 'traccar' ? <ImportarTraccar /> : <ImportarPlanilha />;
}

function ImportarPlanilha() {
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [params, setParams] = useSearchParams();
  const recurso: RecursoImportacao = isRecurso(params.get('recurso')) ? (params.get('recurso') as RecursoImportacao) : 'clientes';
  const [arquivo, setArquivo] = React.useState<File | null>(null);
  const [cabecalho, setCabecalho] = React.useState<Cabecalho | null>(null);
  const [colunas, setColunas] = React.useState<Record<string, string>>({});
  const [duplicados, setDuplicados] = React.useState<'ignorar' | 'atualizar'>('ignorar');
  const [lendo, setLendo] = React.useState(false);
  const [erroArquivo, setErroArquivo] = React.useState('');
  const [erroColunas, setErroColunas] = React.useState('');
  const [estado, setEstado] = React.useState<ImportacaoEstado | null>(null);
  /** The settings of the last finished dry run: Importar follows one of the same file and choices. */
  const [simulado, setSimulado] = React.useState('');
  const inputRef = React.useRef<HTMLInputElement>(null);
  const settings = JSON.stringify([recurso, arquivo?.name, arquivo?.size, arquivo?.lastModified, colunas, duplicados]);

  const reset = () => {
    setCabecalho(null);
    setColunas({});
    setEstado(null);
    setSimulado('');
    setErroArquivo('');
    setErroColunas('');
  };

  const escolher = async (file: File | null, forRecurso = recurso) => {
    reset();
    setArquivo(file);
    if (!file) return;
    setLendo(true);
    try {
      const lido = await lerCabecalho(forRecurso, file);
      setCabecalho(lido);
      setColunas(lido.colunas);
    } catch (error) {
      setErroArquivo(serverFieldErrors(error).arquivo ?? '');
      onError(error);
    } finally {
      setLendo(false);
    }
  };

  // While an import runs, its progress is read twice a second.
  React.useEffect(() => {
    if (!estado || estado.status !== 'processando') return undefined;
    const timer = window.setTimeout(async () => {
      try {
        const next = await lerImportacao(estado.id);
        setEstado(next);
        if (next.status === 'concluida' && next.modo === 'simular') setSimulado(settings);
      } catch (error) {
        onError(error);
      }
    }, 500);
    return () => window.clearTimeout(timer);
  }, [estado, onError, settings]);

  const iniciar = async (modo: 'simular' | 'importar') => {
    if (!arquivo) return;
    setErroColunas('');
    try {
      const { id } = await iniciarImportacao({ recurso, modo, duplicados, colunas }, arquivo);
      setEstado(await lerImportacao(id));
    } catch (error) {
      const errors = serverFieldErrors(error);
      setErroColunas(errors.colunas ?? '');
      setErroArquivo(errors.arquivo ?? '');
      onError(error);
    }
  };

  const running = estado?.status === 'processando';
  const headers = cabecalho?.cabecalhos ?? [];

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, maxWidth: 1100 }}>
      <Title title={translate('app.importar.titulo')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.importar.titulo')}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={translate('app.importar.recurso')}
              value={recurso}
              disabled={running}
              onChange={(event) => {
                setParams({ recurso: event.target.value }, { replace: true });
                void escolher(arquivo, event.target.value as RecursoImportacao);
              }}
              sx={{ width: 220 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {RECURSOS_IMPORTACAO.map((r) => (
                <option key={r} value={r}>
                  {translate(`app.importar.recursos.${r}`)}
                </option>
              ))}
            </TextField>
            <Button component="a" href={`/v1/importacoes/modelos/${recurso}?formato=xlsx`} download startIcon={<DownloadIcon />}>
              {translate('app.importar.modelo')}
            </Button>
            <Button component="a" href={`/v1/importacoes/modelos/${recurso}?formato=csv`} download startIcon={<DownloadIcon />}>
              {translate('app.importar.modelo_csv')}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={translate('app.importar.arquivo')}
              style={{ display: 'none' }}
              onChange={(event) => {
                void escolher(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={running} onClick={() => inputRef.current?.click()}>
              {translate('app.importar.escolher')}
            </Button>
            <Typography variant="body2">
              {arquivo ? arquivo.name : translate('app.importar.arquivo')}
              {cabecalho ? ` · ${translate('app.importar.linhas', { smart_count: cabecalho.total })}` : ''}
            </Typography>
          </Box>
          {lendo ? <LinearProgress aria-label={translate('app.importar.lendo')} /> : null}
          {erroArquivo ? (
            <Typography variant="body2" color="error" role="alert">
              {erroArquivo}
            </Typography>
          ) : null}
        </CardContent>
      </Card>

      {cabecalho ? (
        <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label={translate('app.importar.correspondencia')}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('app.importar.correspondencia')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('app.importar.correspondencia_ajuda')}
            </Typography>
            <Grid container spacing={1.5}>
              {cabecalho.campos.map((campo) => (
                <Grid key={campo.campo} size={{ xs: 12, sm: 6, md: 4 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={`${campo.rotulo}${campo.obrigatorio ? ` (${translate('app.importar.obrigatorio')})` : ''}`}
                    value={colunas[campo.campo] ?? ''}
                    disabled={running}
                    error={campo.obrigatorio && !colunas[campo.campo]}
                    onChange={(event) => {
                      setColunas((current) => ({ ...current, [campo.campo]: event.target.value }));
                      setEstado(null);
                    }}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="">{translate('app.importar.nao_importar')}</option>
                    {headers.map((header) => (
                      <option key={header} value={header}>
                        {header}
                      </option>
                    ))}
                  </TextField>
                </Grid>
              ))}
            </Grid>
            {erroColunas ? (
              <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                {erroColunas}
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
              <TextField
                select
                size="small"
                label={translate('app.importar.duplicados')}
                value={duplicados}
                disabled={running}
                onChange={(event) => setDuplicados(event.target.value as 'ignorar' | 'atualizar')}
                sx={{ minWidth: 320 }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="ignorar">{translate('app.importar.ignorar')}</option>
                <option value="atualizar">{translate('app.importar.atualizar')}</option>
              </TextField>
              <Button variant="outlined" disabled={running} onClick={() => void iniciar('simular')}>
                {translate('app.importar.simular')}
              </Button>
              <Button variant="contained" disabled={running || simulado !== settings} onClick={() => void iniciar('importar')}>
                {translate('app.importar.importar')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      ) : null}

      {estado ? <Andamento estado={estado} /> : null}
    </Box>
  );
}
