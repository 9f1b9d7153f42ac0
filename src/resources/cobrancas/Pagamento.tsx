/**
 * The staff's side of getting paid (DESIGN 10): "Copiar link de pagamento" (the client's page,
 * /static/cobranca/{token}), Receber (money that arrived outside the gateway: amount, date and
 * method, an overdue charge suggesting its updated value), the administrator's undo, and the
 * charge page's Pagamento section (the link, PIX copia-e-cola and QR code, the boleto's line, or
 * "Pago em dd/mm/aaaa: R$ 256,25 (PIX)").
 */
import * as React from 'react';
import LinkIcon from '@mui/icons-material/Link';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Link,
  Tooltip,
  Typography,
} from '@mui/material';
import { Form, useNotify, useRefresh, useTranslate } from 'ra-core';
import { SaveButton, SelectInput } from 'react-admin';
import { cobrancaRecebivel } from '../../../domain/cobranca';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { formatMoney } from '../../../domain/formatters';
import { isAdmin } from '../../../domain/permissions';
import { FORMA_PAGAMENTO_LABEL, FORMAS_PAGAMENTO } from '../../../domain/pagamento';
import { receberSchema } from '../../../domain/schemas/pagamento';
import { getSessionUser } from '../../authProvider/session';
import { copyToClipboard } from '../../components/clipboard';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BrDateInput } from '../../components/BrDateInput';
import { MoneyInput } from '../../components/MoneyInput';
import { apiFetch } from '../../dataProvider/http';
import { useApiGet } from '../../dataProvider/useApiGet';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { zodResolver } from '../../form/zodResolver';
import { pagoEmTexto } from '../../cobranca/textos';
import type { CobrancaPublica } from '../../cobranca/types';
import { PrintSection } from '../../print/PrintParts';
import type { Cobranca } from './types';

/**
 * The client's payment page of a charge: the server's link (PUBLIC_URL, the one the WhatsApp
 * message carries), else this browser's origin.
 */
export const linkPagamento = (token: string, doServidor?: string | null) =>
  doServidor || `${window.location.origin}/static/cobranca/${token}`;

export function CopiarLinkButton({ cobranca, variant = 'button' }: { cobranca: Cobranca; variant?: 'icon' | 'button' }) {
  const translate = useTranslate();
  const notify = useNotify();
  if (!cobranca.token) return null;
  const copy = async () => {
    const copied = await copyToClipboard(linkPagamento(cobranca.token!, cobranca.linkPagamento));
    notify(copied ? 'app.cobrancas.pagamento.link_copiado' : 'app.cobrancas.pagamento.link_nao_copiado', {
      type: copied ? 'success' : 'error',
    });
  };
  const label = translate('app.cobrancas.pagamento.copiar_link');
  return variant === 'icon' ? (
    <Tooltip title={label}>
      <IconButton aria-label={label} size="small" color="primary" onClick={() => void copy()}>
        <LinkIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void copy()}>
      {label}
    </Button>
  );
}

/** Receber: the dialog with amount (the updated value when overdue), date (today) and method. */
export function ReceberButton({
  cobranca,
  variant = 'button',
  onDone,
}: {
  cobranca: Cobranca;
  variant?: 'icon' | 'button';
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerErrorNotify();
  const [open, setOpen] = React.useState(false);
  if (!cobrancaRecebivel(cobranca)) return null;
  const label = translate('app.cobrancas.pagamento.receber');
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const defaults = { valor: cobranca.valorAtualizado ?? cobranca.valor, data: hoje, forma: 'pix' };
  const submit = async (values: Record<string, unknown>) => {
    const parsed = receberSchema.parse(values);
    try {
      await apiFetch(`/v1/cobrancas/${cobranca.id}/receber`, { method: 'POST', body: parsed });
      notify('app.cobrancas.pagamento.recebida', { type: 'success' });
      setOpen(false);
      refresh();
      onDone?.();
      return undefined;
    } catch (error) {
      onError(error);
      return serverFieldErrors(error);
    }
  };
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} size="small" color="success" onClick={() => setOpen(true)}>
            <PaymentsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="contained" color="success" startIcon={<PaymentsIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby={`receber-${cobranca.id}`}>
        <Form record={defaults} onSubmit={submit} resolver={zodResolver(receberSchema)} noValidate>
          <DialogTitle id={`receber-${cobranca.id}`}>
            {translate('app.cobrancas.pagamento.receber_titulo', { numero: cobranca.id })}
          </DialogTitle>
          <DialogContent>
            {cobranca.valorAtualizado != null ? (
              <DialogContentText sx={{ mb: 1 }}>
                {translate('app.cobrancas.pagamento.sugerido_atualizado', { valor: formatMoney(cobranca.valorAtualizado) })}
              </DialogContentText>
            ) : null}
            <MoneyInput source="valor" label="app.cobrancas.pagamento.valor" fullWidth />
            <BrDateInput source="data" label="app.cobrancas.pagamento.data" fullWidth />
            <SelectInput
              source="forma"
              label="app.cobrancas.pagamento.forma"
              choices={FORMAS_PAGAMENTO.map((id) => ({ id, name: FORMA_PAGAMENTO_LABEL[id] }))}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <SaveButton label="app.cobrancas.pagamento.confirmar" icon={<PaymentsIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** An administrator undoes a receipt by hand (audited). */
export function DesfazerRecebimentoButton({ cobranca, onDone }: { cobranca: Cobranca; onDone?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerErrorNotify();
  const [open, setOpen] = React.useState(false);
  // A payment through the gateway is not undone here: the server refuses it too.
  if (cobranca.status !== COBRANCA_STATUS.RECEBIDA || !isAdmin(getSessionUser()) || cobranca.recebidoPor === 'gateway') return null;
  const undo = async () => {
    try {
      await apiFetch(`/v1/cobrancas/${cobranca.id}/receber`, { method: 'DELETE' });
      notify('app.cobrancas.pagamento.desfeito', { type: 'success' });
      setOpen(false);
      refresh();
      onDone?.();
    } catch (error) {
      onError(error);
    }
  };
  return (
    <>
      <Button variant="outlined" color="warning" startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        {translate('app.cobrancas.pagamento.desfazer')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('app.cobrancas.pagamento.desfazer_titulo')}
        text={translate('app.cobrancas.pagamento.desfazer_texto')}
        confirm={{ label: 'app.cobrancas.pagamento.desfazer', color: 'warning', onConfirm: () => void undo() }}
      />
    </>
  );
}

/** The charge page's Pagamento: paid (amount and method), or the link, PIX and boleto. */
export function PagamentoSection({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  const { data } = useApiGet<CobrancaPublica>(
    `/v1/cobrancas/${cobranca.id}/pagamento?v=${cobranca.status}-${cobranca.valor}-${cobranca.duedate}`,
  );
  if (cobranca.status === COBRANCA_STATUS.CANCELADA) return null;
  if (cobranca.status === COBRANCA_STATUS.RECEBIDA) {
    return (
      <PrintSection title="app.cobrancas.pagamento.title">
        <Typography sx={{ fontWeight: 600 }}>
          {pagoEmTexto({
            pagoEm: cobranca.paymentDate ?? null,
            valorPago: cobranca.valorPago ?? null,
            formaPagamento: cobranca.formaPagamento ?? null,
          })}
        </Typography>
      </PrintSection>
    );
  }
  return (
    <PrintSection title="app.cobrancas.pagamento.title">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {cobranca.gatewayErro ? (
          <Alert severity="warning" role="alert">
            <AlertTitle>{translate('app.cobrancas.pagamento.desatualizado')}</AlertTitle>
            {cobranca.gatewayErro}
          </Alert>
        ) : null}
        {cobranca.token ? (
          <Typography variant="body2">
            {translate('app.cobrancas.pagamento.pagina')}:{' '}
            <Link
              href={linkPagamento(cobranca.token, cobranca.linkPagamento || data?.link)}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ wordBreak: 'break-all' }}
            >
              {linkPagamento(cobranca.token, cobranca.linkPagamento || data?.link)}
            </Link>
          </Typography>
        ) : null}
        {data?.pix ? (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <img
              src={`data:image/png;base64,${data.pix.encodedImage}`}
              alt={translate('app.cobranca_publica.pix_qr_alt')}
              width={120}
              height={120}
            />
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate('app.cobranca_publica.pix_copia_cola')}
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }} data-testid="pix-payload">
                {data.pix.payload}
              </Typography>
            </Box>
          </Box>
        ) : null}
        {data?.boleto ? (
          <Typography variant="body2">
            {translate('app.cobranca_publica.linha_digitavel')}:{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {data.boleto.identificationField}
            </Box>
          </Typography>
        ) : null}
        {data && !data.pix && !data.boleto ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.cobrancas.pagamento.sem_gateway')}
          </Typography>
        ) : null}
      </Box>
    </PrintSection>
  );
}
