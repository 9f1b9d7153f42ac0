/**
 * /campo/{id}: the order's visit on the phone: the client and the vehicle, the checklist (each
 * answer sent as it is given), an observation and Finalizar (DESIGN 11). A conflict with the office
 * shows its pt-BR reason and the order as it is now.
 */
import * as React from 'react';
import { Alert, Box, Button, Divider, Paper, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { CHECKLIST_ITEMS, checklistMissing, ORDEM_STATUS } from '../../domain/ordensservicos';
import { translate as t } from '../public/i18n';
import { conflitoDe, enviarOperacao, mensagemDe, type OrdemCampo } from './api';
import type { CampoContexto } from './CampoApp';
import { ContatoCliente, diaCurto, StatusOrdem, tipoDe, VoltarLink } from './OrdemCard';

/** Sends one operation; the answer (or a conflict's order) replaces the order; a refusal is shown. */
function useEnviar(ctx: CampoContexto) {
  return React.useCallback(
    async (ordem: OrdemCampo, tipo: Parameters<typeof enviarOperacao>[1], dados: unknown) => {
      try {
        const reply = await enviarOperacao(ordem, tipo, dados);
        ctx.atualizar(reply.ordem);
        return true;
      } catch (error) {
        if (ctx.falhou(error)) return false;
        const conflito = conflitoDe(error);
        if (conflito?.ordem) ctx.atualizar(conflito.ordem);
        ctx.avisar({ tipo: 'error', texto: conflito?.message ?? mensagemDe(error) });
        return false;
      }
    },
    [ctx],
  );
}

function Checklist({ ordem, aberta, ctx }: { ordem: OrdemCampo; aberta: boolean; ctx: CampoContexto }) {
  const enviar = useEnviar(ctx);
  // An item's name labels its answers (ids without the names' spaces, which aria-labelledby splits on).
  const idBase = React.useId();
  // The answers given here and not yet confirmed by the server, shown at once.
  const [locais, setLocais] = React.useState<Record<string, string>>({});
  const respostas = { ...ordem.checklist, ...locais };
  const respondidos = CHECKLIST_ITEMS.length - checklistMissing(respostas).length;
  const responder = async (item: string, resposta: string | null) => {
    if (!resposta || resposta === respostas[item]) return;
    setLocais((l) => ({ ...l, [item]: resposta }));
    await enviar(ordem, 'checklist', { itens: { [item]: resposta } });
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
        <Box
          key={item}
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" id={`${idBase}-${index}`}>
            {item}
          </Typography>
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
        </Box>
      ))}
    </Box>
  );
}

function Observacao({ ordem, ctx }: { ordem: OrdemCampo; ctx: CampoContexto }) {
  const enviar = useEnviar(ctx);
  const [texto, setTexto] = React.useState('');
  const [enviando, setEnviando] = React.useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setEnviando(true);
    const ok = await enviar(ordem, 'observacao', { texto: texto.trim() });
    setEnviando(false);
    if (ok) {
      setTexto('');
      ctx.avisar({ tipo: 'success', texto: t('app.campo.observacao_enviada') });
    }
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

export function OrdemCampoPage({ ctx }: { ctx: CampoContexto }) {
  const { id } = useParams();
  const [finalizando, setFinalizando] = React.useState(false);
  const [confirmar, setConfirmar] = React.useState<{ texto: string; dados: Record<string, boolean> } | null>(null);
  const ordem = ctx.agenda?.Items.find((o) => String(o.id) === id);
  if (!ctx.agenda) return <VoltarLink />;
  if (!ordem)
    return (
      <>
        <VoltarLink />
        <Alert severity="warning">{t('app.campo.nao_encontrada')}</Alert>
      </>
    );
  const aberta = ordem.status === ORDEM_STATUS.EM_ABERTO;
  const completo = checklistMissing(ordem.checklist).length === 0;
  /** Finalizar, judged by the server now; a validation it may confirm (a silent tracker) is asked here. */
  const finalizar = async (dados: Record<string, boolean> = {}) => {
    setFinalizando(true);
    setConfirmar(null);
    try {
      const reply = await enviarOperacao(ordem, 'finalizar', dados);
      ctx.atualizar(reply.ordem);
      ctx.avisar({ tipo: 'success', texto: t('app.campo.finalizada') });
    } catch (error) {
      if (!ctx.falhou(error)) {
        const conflito = conflitoDe(error);
        if (conflito?.ordem) ctx.atualizar(conflito.ordem);
        const chave =
          conflito?.motivo === 'validacao'
            ? Object.keys(conflito.errors ?? {}).find((key) => key === 'semValidacao' || key === 'aceitarSituacao')
            : undefined;
        if (conflito && chave) setConfirmar({ texto: conflito.message, dados: { ...dados, [chave]: true } });
        else ctx.avisar({ tipo: 'error', texto: conflito?.message ?? mensagemDe(error) });
      }
    }
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
      {!aberta && <Alert severity="info">{t('app.campo.somente_leitura')}</Alert>}
      <Checklist key={ordem.id} ordem={ordem} aberta={aberta} ctx={ctx} />
      {aberta && <Observacao ordem={ordem} ctx={ctx} />}
      {aberta && confirmar && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" disabled={finalizando} onClick={() => void finalizar(confirmar.dados)}>
              {t('app.campo.finalizar_mesmo_assim')}
            </Button>
          }
        >
          {confirmar.texto}
        </Alert>
      )}
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
