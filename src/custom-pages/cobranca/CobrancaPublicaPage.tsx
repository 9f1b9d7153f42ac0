/**
 * /static/cobranca/{token} (DESIGN 10): the client's payment page, public and made for a phone.
 * The company, the client's name, the charge (its updated value when overdue), and while it can
 * be paid the PIX QR code and copia-e-cola and the boleto's line, each with Copiar; once paid
 * "Pago em dd/mm/aaaa" and no way to pay; a cancelled charge says so. Imprimir prints the page
 * without its buttons. A wrong or old token shows a clear page with no data.
 */
import * as React from 'react';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, CircularProgress, Divider, GlobalStyles, Link, Paper, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { formatCpfCnpj, formatDate, formatMoney } from '../../../domain/formatters';
import { FORMA_PAGAMENTO_LABEL, type FormaPagamento } from '../../../domain/pagamento';
import { AuthCard } from '../AuthCard';
import { loadCobrancaPublica } from './api';
import { CopyField } from './CopyField';
import type { CobrancaPublica } from './types';

type PageState = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'unavailable' } | { kind: 'ready'; data: CobrancaPublica };

const printStyles = {
  '@media print': {
    'html, body': { background: '#fff !important' },
    '[data-print="hide"]': { display: 'none !important' },
  },
} as const;

/** "Pago em dd/mm/aaaa: R$ 256,25 (PIX)", the amount and method when they were recorded. */
export function pagoEmTexto(
  translate: (key: string, options?: Record<string, unknown>) => string,
  cobranca: Pick<CobrancaPublica['cobranca'], 'pagoEm' | 'valorPago' | 'formaPagamento'>,
): string {
  const data = formatDate(cobranca.pagoEm);
  const forma = FORMA_PAGAMENTO_LABEL[cobranca.formaPagamento as FormaPagamento] ?? '';
  if (cobranca.valorPago === null) return translate('app.cobranca_publica.pago_em', { data });
  return translate(forma ? 'app.cobranca_publica.pago_em_valor_forma' : 'app.cobranca_publica.pago_em_valor', {
    data,
    valor: formatMoney(cobranca.valorPago),
    forma,
  });
}

function Row({ label, value, strong = false }: { label: string; value: React.ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'h6' : 'body1'} sx={{ m: 0, fontWeight: strong ? 700 : 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

function Ready({ data }: { data: CobrancaPublica }) {
  const translate = useTranslate();
  const { cobranca, empresa, pix, boleto, invoiceUrl } = data;
  const paid = cobranca.status === 1;
  const cancelled = cobranca.status === 3;
  const payable = !paid && !cancelled;
  const total = cobranca.valorAtualizado ?? cobranca.valor;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', bgcolor: 'grey.100', py: { xs: 2, sm: 4 }, px: 1.5, '@media print': { bgcolor: '#fff', p: 0 } }}
    >
      <GlobalStyles styles={printStyles} />
      <Paper
        component="article"
        elevation={2}
        sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2.5, sm: 3 }, borderRadius: 3, '@media print': { boxShadow: 'none', maxWidth: 'none' } }}
      >
        <Box component="header" sx={{ textAlign: 'center', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {empresa.nome || translate('app.cobranca_publica.title')}
          </Typography>
          {empresa.cnpj || empresa.contato ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[empresa.cnpj && translate('app.cobranca_publica.cnpj', { cnpj: formatCpfCnpj(empresa.cnpj) }), empresa.contato]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          ) : null}
        </Box>
        <Typography variant="body1" sx={{ mb: 1 }}>
          {translate('app.cobranca_publica.ola', { nome: data.cliente.nome })}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row
            label={translate('app.cobranca_publica.descricao')}
            value={cobranca.descricao || translate('app.cobranca_publica.cobranca_n', { id: cobranca.id })}
          />
          <Row label={translate('app.cobranca_publica.vencimento')} value={formatDate(cobranca.duedate)} />
          <Row
            label={translate('app.cobranca_publica.valor')}
            value={formatMoney(cobranca.valor)}
            strong={cobranca.valorAtualizado === null}
          />
          {cobranca.valorAtualizado !== null && payable ? (
            <>
              <Row label={translate('app.cobranca_publica.multa')} value={formatMoney(cobranca.multa)} />
              <Row label={translate('app.cobranca_publica.juros', { dias: cobranca.dias })} value={formatMoney(cobranca.juros)} />
              <Row label={translate('app.cobranca_publica.valor_atualizado')} value={formatMoney(cobranca.valorAtualizado)} strong />
            </>
          ) : null}
        </Box>
        {paid ? (
          <Alert severity="success" sx={{ mt: 2, fontSize: 16 }}>
            {pagoEmTexto(translate, cobranca)}
          </Alert>
        ) : null}
        {cancelled ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.cobranca_publica.cancelada')}
          </Alert>
        ) : null}
        {payable && cobranca.vencida ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('app.cobranca_publica.vencida', { valor: formatMoney(total) })}
          </Alert>
        ) : null}
        {payable && pix ? (
          <Box component="section" aria-labelledby="pix-title" sx={{ mt: 3 }}>
            <Divider sx={{ mb: 2 }} />
            <Typography id="pix-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {translate('app.cobranca_publica.pix_title')}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
              <img
                src={`data:image/png;base64,${pix.encodedImage}`}
                alt={translate('app.cobranca_publica.pix_qr_alt')}
                width={220}
                height={220}
                style={{ imageRendering: 'pixelated' }}
              />
            </Box>
            {pix.expirationDate ? (
              <Typography variant="caption" component="p" sx={{ textAlign: 'center', color: 'text.secondary', mb: 1 }}>
                {translate('app.cobranca_publica.pix_validade', { data: formatDate(pix.expirationDate.slice(0, 10)) })}
              </Typography>
            ) : null}
            <CopyField label="app.cobranca_publica.pix_copia_cola" value={pix.payload} buttonLabel="app.cobranca_publica.copiar_pix" />
          </Box>
        ) : null}
        {payable && boleto ? (
          <Box component="section" aria-labelledby="boleto-title" sx={{ mt: 3 }}>
            <Divider sx={{ mb: 2 }} />
            <Typography id="boleto-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {translate('app.cobranca_publica.boleto_title')}
            </Typography>
            <CopyField
              label="app.cobranca_publica.linha_digitavel"
              value={boleto.identificationField}
              buttonLabel="app.cobranca_publica.copiar_linha"
              mono
            />
            {boleto.bankSlipUrl ? (
              <Link href={boleto.bankSlipUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1.5 }}>
                {translate('app.cobranca_publica.abrir_boleto')}
              </Link>
            ) : null}
          </Box>
        ) : null}
        {payable && invoiceUrl ? (
          <Typography variant="body2" sx={{ mt: 3 }}>
            <Link href={invoiceUrl} target="_blank" rel="noopener noreferrer">
              {translate('app.cobranca_publica.outras_formas')}
            </Link>
          </Typography>
        ) : null}
        {payable && !pix && !boleto && !invoiceUrl ? (
          <Alert severity="info" sx={{ mt: 3 }}>
            {translate(empresa.contato ? 'app.cobranca_publica.sem_pagamento_contato' : 'app.cobranca_publica.sem_pagamento', {
              empresa: empresa.nome || translate('app.cobranca_publica.a_empresa'),
              contato: empresa.contato,
            })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }} data-print="hide">
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ minHeight: 44 }}>
            {translate('app.cobranca_publica.imprimir')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

export default function CobrancaPublicaPage() {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const [state, setState] = React.useState<PageState>({ kind: 'loading' });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    let alive = true;
    loadCobrancaPublica(token).then(
      (data) => alive && setState({ kind: 'ready', data }),
      (error: unknown) => {
        if (!alive) return;
        const invalid = error instanceof HttpError && (error.status === 404 || error.status === 400);
        setState({ kind: invalid ? 'invalid' : 'unavailable' });
      },
    );
    return () => {
      alive = false;
    };
  }, [token, attempt]);

  React.useEffect(() => {
    document.title = translate('app.cobranca_publica.title');
  }, [translate]);

  if (state.kind === 'loading') {
    return (
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={translate('app.loading')} />
      </Box>
    );
  }
  if (state.kind === 'ready') return <Ready data={state.data} />;
  const invalid = state.kind === 'invalid';
  return (
    <AuthCard title={invalid ? 'app.cobranca_publica.invalid_title' : 'app.cobranca_publica.unavailable_title'}>
      <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <LinkOffIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography>{translate(invalid ? 'app.cobranca_publica.invalid_message' : 'app.cobranca_publica.unavailable_message')}</Typography>
        {invalid ? null : (
          <Button
            variant="contained"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {translate('app.contrato_publico.retry')}
          </Button>
        )}
      </Box>
    </AuthCard>
  );
}
