/**
 * /campo/{id}: the order's visit on the phone: the client and the vehicle, the checklist (each
 * answer queued as it is given), an observation, photos, the client's signature, the installation's
 * live validation and Finalizar (DESIGN 11). Everything goes through the queue and shows at once,
 * with or without signal; the office's refusal (a 409) shows its pt-BR reason on the order.
 */
import * as React from 'react';
import { Alert, Box, Button, Divider, Link, Paper, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CHECKLIST_ITEMS, checklistMissing, ORDEM_STATUS } from '../../domain/ordensservicos';
import { ChecklistRow } from '../components/ChecklistRow';
import { translate as t } from './i18n';
import type { CampoContexto } from './contexto';
import { Assinatura, avisarResultado, Fotos } from './Midia';
import { ContatoCliente, diaCurto, StatusOrdem, tipoDe } from './OrdemCard';
import { ValidacaoCampo } from './ValidacaoCampo';
import { vista, type OrdemVista } from './vista';

/** Link to the list, for the order's page. */
export const VoltarLink = () => (
  <Link component={RouterLink} to="/campo" sx={{ display: 'inline-block', py: 1.5 }}>
    ← {t('app.campo.voltar')}
  </Link>
);

function Checklist({ ordem, aberta, ctx }: { ordem: OrdemVista; aberta: boolean; ctx: CampoContexto }) {
  // An item's name labels its answers (ids without the names' spaces, which aria-labelledby splits on).
  const idBase = React.useId();
  // The answers given here and not yet confirmed by the server, shown at once.
  const [locais, setLocais] = React.useState<Record<string, string>>({});
  const respostas = { ...ordem.checklist, ...locais };
  const respondidos = CHECKLIST_ITEMS.length - checklistMissing(respostas).length;
  const responder = async (item: string, resposta: string | null) => {
    if (!resposta || resposta === respostas[item]) return;
    setLocais((l) => ({ ...l, [item]: resposta }));
    await ctx.enviar(ordem, 'checklist', { itens: { [item]: resposta } });
    setLocais(({ [item]: _sent, ...rest }) => rest);
  };
  return (
    <Box component="section" aria-labelledby="checklist-titulo">
      <Typography id="checklist-titulo" component="h2" variant="h6">
        {t('app.campo.checklist')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('app.campo.checklist_count', { count: respondidos, total: CHECKLIST_ITEMS.length })}
      </Typography>
      {CHECKLIST_ITEMS.map((item, index) => (
        <ChecklistRow key={item} labelId={`${idBase}-${index}`} label={item} sx={{ py: 0.75 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={respostas[item] ?? null}
            onChange={(_event, value: string | null) => void responder(item, value)}
            aria-labelledby={`${idBase}-${index}`}
            disabled={!aberta}
          >
            <ToggleButton value="OK" sx={{ minWidth: 52, minHeight: 44 }} color="success">
              {t('app.campo.resposta_ok')}
            </ToggleButton>
            <ToggleButton value="NT" sx={{ minWidth: 52, minHeight: 44 }} aria-label={t('app.campo.resposta_nt')}>
              NT
            </ToggleButton>
          </ToggleButtonGroup>
        </ChecklistRow>
      ))}
    </Box>
  );
}

function Observacao({ ordem, ctx }: { ordem: OrdemVista; ctx: CampoContexto }) {
  const [texto, setTexto] = React.useState('');
  const [enviando, setEnviando] = React.useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setEnviando(true);
    const resultado = await ctx.enviar(ordem, 'observacao', { texto: texto.trim() });
    setEnviando(false);
    if (resultado !== 'conflito') setTexto('');
    avisarResultado(ctx, resultado, t('app.campo.observacao_enviada'));
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        label={t('app.campo.observacao')}
        multiline
        minRows={2}
        value={texto}
        onChange={(event) => setTexto(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={enviando || texto.trim().length < 1}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        {t('app.campo.enviar_observacao')}
      </Button>
    </Box>
  );
}

/** The office's refusal of this order's last operation: its reason; a tracker's check may be confirmed. */
function ConflitoOrdem({ ordem, ctx }: { ordem: OrdemVista; ctx: CampoContexto }) {
  const conflito = ctx.conflitos[ordem.id];
  const [enviando, setEnviando] = React.useState(false);
  if (!conflito) return null;
  const confirmar = conflito.confirmar && ordem.status === ORDEM_STATUS.EM_ABERTO && !ordem.finalizacaoPendente ? conflito.confirmar : null;
  const finalizar = async () => {
    setEnviando(true);
    avisarResultado(ctx, await ctx.enviar(ordem, 'finalizar', confirmar!), t('app.campo.finalizada'));
    setEnviando(false);
  };
  return (
    <Alert
      severity={confirmar ? 'warning' : 'error'}
      data-testid="conflito"
      action={
        confirmar ? (
          <Button color="inherit" size="small" disabled={enviando} onClick={() => void finalizar()}>
            {t('app.campo.finalizar_mesmo_assim')}
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={() => ctx.descartarConflito(ordem.id)}>
            {t('app.campo.entendi')}
          </Button>
        )
      }
    >
      {conflito.message}
    </Alert>
  );
}

export function OrdemCampoPage({ ctx }: { ctx: CampoContexto }) {
  const { id } = useParams();
  const [finalizando, setFinalizando] = React.useState(false);
  const doServidor = ctx.agenda?.Items.find((o) => String(o.id) === id);
  if (!ctx.agenda) return <VoltarLink />;
  if (!doServidor)
    return (
      <>
        <VoltarLink />
        <Alert severity="warning">{t('app.campo.nao_encontrada')}</Alert>
      </>
    );
  const ordem = vista(doServidor, ctx.pendentes);
  const aberta = ordem.status === ORDEM_STATUS.EM_ABERTO && !ordem.finalizacaoPendente;
  const completo = checklistMissing(ordem.checklist).length === 0;
  /** Finalizar, judged by the server at sync; a validation it may confirm (a silent tracker) shows on the order. */
  const finalizar = async () => {
    setFinalizando(true);
    avisarResultado(ctx, await ctx.enviar(ordem, 'finalizar', {}), t('app.campo.finalizada'));
    setFinalizando(false);
  };
  const veiculo =
    ordem.veiculo && [ordem.veiculo.placa, ordem.veiculo.marca, ordem.veiculo.modelo, ordem.veiculo.cor].filter(Boolean).join(' · ');
  const rastreador = ordem.device && [ordem.device.imei, ordem.device.marca, ordem.device.modelo].filter(Boolean).join(' · ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 4 }}>
      <VoltarLink />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {tipoDe(ordem.tipo)} · {[ordem.agendamento && diaCurto(ordem.agendamento), ordem.horario].filter(Boolean).join(' · ')} · #
          {ordem.id}
        </Typography>
        <Typography component="h2" variant="h5" sx={{ my: 0.5 }}>
          {ordem.cliente.name}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <StatusOrdem ordem={ordem} />
        </Box>
        <ContatoCliente ordem={ordem} />
        <Divider sx={{ my: 1.5 }} />
        {veiculo && (
          <Typography variant="body2">
            <b>{t('app.campo.veiculo')}:</b> {veiculo}
          </Typography>
        )}
        {rastreador && (
          <Typography variant="body2">
            <b>{t('app.campo.rastreador')}:</b> {rastreador}
          </Typography>
        )}
        {ordem.descricao && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            <b>{t('app.campo.descricao')}:</b> {ordem.descricao}
          </Typography>
        )}
        {ordem.informacoes && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
            <b>{t('app.campo.observacao')}:</b> {ordem.informacoes}
          </Typography>
        )}
      </Paper>
      <ConflitoOrdem ordem={ordem} ctx={ctx} />
      {ordem.finalizacaoPendente ? (
        <Alert severity="info" role="status">
          {t('app.campo.finalizacao_fila')}
        </Alert>
      ) : (
        !aberta && (
          <Alert severity="info" role="status">
            {t('app.campo.somente_leitura')}
          </Alert>
        )
      )}
      <Checklist key={ordem.id} ordem={ordem} aberta={aberta} ctx={ctx} />
      {aberta && <Observacao ordem={ordem} ctx={ctx} />}
      <Fotos ordem={ordem} aberta={aberta} ctx={ctx} />
      <Assinatura ordem={ordem} aberta={aberta} ctx={ctx} />
      <ValidacaoCampo ordem={ordem} online={ctx.online} />
      {aberta && (
        <Box>
          <Button
            variant="contained"
            color="success"
            size="large"
            fullWidth
            disabled={!completo || finalizando}
            onClick={() => void finalizar()}
            sx={{ minHeight: 52 }}
          >
            {t('app.campo.finalizar')}
          </Button>
          {!completo && (
            <Typography variant="caption" color="text.secondary">
              {t('app.campo.finalizar_hint')}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

export default OrdemCampoPage;
