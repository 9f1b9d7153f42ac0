/**
 * A subscription's forma de cobrança (DESIGN 11, "Collecting without chasing"): boleto/PIX, card
 * (final, bandeira and status as Asaas reports them) or Pix Automático (its authorization's status
 * and why it ended). On the subscription form (the choice, its state and "Pix Automático", which asks
 * for the authorization and shows its QR code and copia e cola, optionally sent by WhatsApp), the
 * subscriptions list and the client's page.
 */
import * as React from 'react';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useRecordContext, useNotify, useRefresh, useTranslate } from 'ra-core';
import { SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatDate } from '../../../domain/formatters';
import { FORMAS_COBRANCA } from '../../../domain/forma-cobranca';
import { copyToClipboard } from '../../components/clipboard';
import { apiFetch } from '../../dataProvider/http';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';

export interface FormaEstado {
  id?: number;
  formaCobranca?: string | null;
  cartao?: { status: string; final: string | null; bandeira: string | null } | null;
  pixAutomatico?: { status: string; motivo: string | null; expiraEm: string | null } | null;
}

type Translate = ReturnType<typeof useTranslate>;

/** "Cartão final 1234 (VISA) · ativo", "Pix Automático · aguardando", "Boleto ou PIX". */
export function formaTexto(translate: Translate, a: FormaEstado): string {
  const forma = a.formaCobranca ?? 'boleto_pix';
  const nome = translate(`app.assinaturas.forma.${forma}`, { _: forma });
  if (forma === 'cartao') {
    const cartao = a.cartao;
    const final = cartao?.final ? ` ${translate('app.assinaturas.forma.final', { final: cartao.final })}` : '';
    const bandeira = cartao?.bandeira ? ` (${cartao.bandeira})` : '';
    const status = cartao?.status ? ` · ${translate(`app.assinaturas.forma.cartao_status.${cartao.status}`, { _: cartao.status })}` : '';
    return `${nome}${final}${bandeira}${status}`;
  }
  if (forma === 'pix_automatico' && a.pixAutomatico?.status)
    return `${nome} · ${translate(`app.assinaturas.forma.pix_status.${a.pixAutomatico.status}`, { _: a.pixAutomatico.status })}`;
  return nome;
}

const corDe = (a: FormaEstado): 'default' | 'success' | 'warning' | 'error' => {
  const status = a.formaCobranca === 'cartao' ? a.cartao?.status : a.formaCobranca === 'pix_automatico' ? a.pixAutomatico?.status : null;
  if (status === 'ativo' || status === 'ativa') return 'success';
  if (status === 'aguardando') return 'warning';
  if (status) return 'error';
  return 'default';
};

/** `compacto` (the list): at most 120 px wide, its text on two lines when it must, so the list never scrolls sideways. */
export function FormaCobrancaChip({ record, compacto = false }: { record: FormaEstado; compacto?: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={corDe(record)}
      label={formaTexto(translate, record)}
      sx={compacto ? { height: 'auto', maxWidth: 120, py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal', lineHeight: 1.3 } } : undefined}
    />
  );
}

/** Why Pix Automático ended (cancelled, expired, refused), when the subscription fell back to boleto/PIX. */
export function PixMotivo({ record }: { record: FormaEstado }) {
  const translate = useTranslate();
  const pix = record.pixAutomatico;
  if (!pix?.motivo || record.formaCobranca === 'pix_automatico') return null;
  return (
    <Typography variant="body2" color="warning.main">
      {translate('app.assinaturas.forma.pix_encerrado', {
        status: translate(`app.assinaturas.forma.pix_status.${pix.status}`, { _: pix.status }),
        motivo: pix.motivo,
      })}
    </Typography>
  );
}

interface Autorizacao {
  status: string;
  payload: string;
  encodedImage: string;
  expiraEm: string;
  envio: { status: string; motivo: string } | null;
}

/** "Pix Automático": asks for the authorization (optionally sending it by WhatsApp), then shows its QR code and copia e cola. */
export function PixAutomaticoButton({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerErrorNotify();
  const [open, setOpen] = React.useState(false);
  const [enviar, setEnviar] = React.useState(true);
  const [busy, setBusy] = React.useState(false);
  const [autorizacao, setAutorizacao] = React.useState<Autorizacao | null>(null);
  const close = () => {
    setOpen(false);
    setAutorizacao(null);
    refresh();
  };
  const gerar = async () => {
    setBusy(true);
    try {
      const reply = await apiFetch<Autorizacao>(`/v1/assinaturas/${id}/pix-automatico`, { method: 'POST', body: { enviar } });
      setAutorizacao(reply);
      if (reply.envio?.status === 'ignorada')
        notify('app.assinaturas.forma.envio_ignorado', { type: 'warning', messageArgs: { motivo: reply.envio.motivo } });
      else if (reply.envio) notify('app.assinaturas.forma.envio_ok', { type: 'success' });
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        {translate('app.assinaturas.forma.pix_botao')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{translate('app.assinaturas.forma.pix_titulo')}</DialogTitle>
        <DialogContent>
          {autorizacao ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'center' }}>
              <img
                src={`data:image/png;base64,${autorizacao.encodedImage}`}
                alt={translate('app.assinaturas.forma.pix_qr_alt')}
                width={200}
                height={200}
                style={{ imageRendering: 'pixelated' }}
              />
              <Typography variant="body2" color="text.secondary">
                {translate('app.assinaturas.forma.pix_validade', { data: formatDate(autorizacao.expiraEm.slice(0, 10)) })}
              </Typography>
              <TextField
                label={translate('app.assinaturas.forma.pix_copia_cola')}
                value={autorizacao.payload}
                multiline
                minRows={3}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
              <Button
                size="small"
                onClick={async () =>
                  notify(
                    (await copyToClipboard(autorizacao.payload)) ? 'app.assinaturas.forma.copiado' : 'app.assinaturas.forma.copiar_falhou',
                    {
                      type: 'info',
                    },
                  )
                }
              >
                {translate('app.assinaturas.forma.copiar')}
              </Button>
              {autorizacao.envio ? (
                <Typography variant="body2" color={autorizacao.envio.status === 'ignorada' ? 'error' : 'success.main'} role="status">
                  {autorizacao.envio.status === 'ignorada'
                    ? translate('app.assinaturas.forma.envio_ignorado', { motivo: autorizacao.envio.motivo })
                    : translate('app.assinaturas.forma.envio_ok')}
                </Typography>
              ) : null}
            </Box>
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('app.assinaturas.forma.pix_explica')}
              </Typography>
              <FormControlLabel
                control={<Checkbox checked={enviar} onChange={(event) => setEnviar(event.target.checked)} />}
                label={translate('app.assinaturas.forma.pix_enviar')}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(autorizacao ? 'app.assinaturas.forma.fechar' : 'ra.action.cancel')}</Button>
          {autorizacao ? null : (
            <Button variant="contained" disabled={busy} onClick={() => void gerar()}>
              {translate('app.assinaturas.forma.pix_gerar')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The form's forma: boleto/PIX or card (Pix Automático has its own button), its state, and "Pix Automático" once saved. */
export function FormaCobrancaInputs() {
  const translate = useTranslate();
  const record = useRecordContext<FormaEstado>();
  const atual = useWatch({ name: 'formaCobranca' }) as string | undefined;
  const choices = FORMAS_COBRANCA.map((forma) => ({
    id: forma,
    name: `app.assinaturas.forma.${forma}`,
    // Pix Automático is asked for by its button (the client must authorize it).
    disabled: forma === 'pix_automatico' && record?.formaCobranca !== 'pix_automatico',
  }));
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <SelectInput source="formaCobranca" choices={choices} helperText="app.assinaturas.forma.help" />
      {record?.id ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{translate('app.assinaturas.forma.situacao')}</Typography>
          <FormaCobrancaChip record={record} />
          {atual === 'cartao' && record.formaCobranca !== 'cartao' ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.assinaturas.forma.cartao_depois')}
            </Typography>
          ) : null}
          <PixAutomaticoButton id={record.id} />
        </Box>
      ) : null}
      {record ? <PixMotivo record={record} /> : null}
    </Box>
  );
}
