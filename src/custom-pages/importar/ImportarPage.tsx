/**
 * Configurações → Importar, and each list's "Importar" (DESIGN 10): choose what to import and the
 * file (templates offered), check the column match the server proposes and correct it, choose what
 * to do with records that already exist, Simular (nothing is written: counts and refused rows),
 * then Importar with a progress bar, and download the refused rows as CSV.
 */
import * as React from 'react';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Card, CardContent, Grid, LinearProgress, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useSearchParams } from 'react-router-dom';
import { RECURSOS_IMPORTACAO, type RecursoImportacao } from '../../../domain/importacao';
import { apiFetch } from '../../dataProvider/http';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { iniciarImportacao, lerCabecalho, lerImportacao, type Cabecalho } from './api';
import { Andamento } from './Resultado';
import { useImportacao } from './useImportacao';
import { PageTitle } from '../../components/PageTitle';
import { SelectBox } from '../../components/SelectBox';

const isRecurso = (v: string | null): v is RecursoImportacao => RECURSOS_IMPORTACAO.includes(v as RecursoImportacao);

/** Integrações → Traccar → Importar dispositivos: Simular, then Importar (DESIGN 10). */
/** What an import does with a row already there, and its option's text. */
const DUPLICADOS = { ignorar: 'app.importar.ignorar', atualizar: 'app.importar.atualizar' } as const;
type Duplicados = keyof typeof DUPLICADOS;

function ImportarTraccar() {
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [simulado, setSimulado] = React.useState(false);
  const [estado, setEstado] = useImportacao(() => setSimulado(true));
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
      <PageTitle title={translate('app.importar.traccar_titulo')} />
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
  const [duplicados, setDuplicados] = React.useState<Duplicados>('ignorar');
  const [lendo, setLendo] = React.useState(false);
  const [erroArquivo, setErroArquivo] = React.useState('');
  const [erroColunas, setErroColunas] = React.useState('');
  /** The settings of the last finished dry run: Importar follows one of the same file and choices. */
  const [simulado, setSimulado] = React.useState('');
  const inputRef = React.useRef<HTMLInputElement>(null);
  const settings = JSON.stringify([recurso, arquivo?.name, arquivo?.size, arquivo?.lastModified, colunas, duplicados]);
  const [estado, setEstado] = useImportacao(() => setSimulado(settings));

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
      <PageTitle title={translate('app.importar.titulo')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <SelectBox
              label={translate('app.importar.recurso')}
              value={recurso}
              disabled={running}
              onChange={(value) => {
                setParams({ recurso: value }, { replace: true });
                void escolher(arquivo, value as RecursoImportacao);
              }}
              values={RECURSOS_IMPORTACAO}
              optionLabel={(r) => translate(`app.importar.recursos.${r}`)}
              width={220}
            />
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
              <SelectBox
                label={translate('app.importar.duplicados')}
                value={duplicados}
                disabled={running}
                onChange={(value) => setDuplicados(value as Duplicados)}
                values={Object.keys(DUPLICADOS)}
                optionLabel={(value) => translate(DUPLICADOS[value as Duplicados])}
                minWidth={320}
              />
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
