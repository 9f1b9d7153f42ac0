/**
 * One alert template (DESIGN 7): clickable placeholder chips that insert {{placeholder}} at the
 * cursor (at the end when the text was never focused), the text, and a live preview filled from a
 * sample charge with the same fillTemplate the server uses.
 */
import * as React from 'react';
import { Box, Chip, Paper, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'ra-core';
import { ALERTA_PLACEHOLDERS, INTEGRATION_STATUS } from '../../../domain/constants';
import { comEmpresa, fillTemplate } from '../../../domain/financeiro';
import { useWatch } from 'react-hook-form';
import { ALERTA_EXEMPLO, semGateway } from './alertaExemplo';

/** The shared schema's limit (integrationsSchema.alertas: text(2000)). */
export const ALERTA_MAX_CHARS = 2000;

const PLACEHOLDER_HELP: Record<(typeof ALERTA_PLACEHOLDERS)[number], string> = {
  codigo: 'app.notificacoes.placeholders.codigo',
  nome: 'app.notificacoes.placeholders.nome',
  descricao: 'app.notificacoes.placeholders.descricao',
  valor: 'app.notificacoes.placeholders.valor',
  dataCriacao: 'app.notificacoes.placeholders.dataCriacao',
  vencimento: 'app.notificacoes.placeholders.vencimento',
  linkFatura: 'app.notificacoes.placeholders.linkFatura',
  linkBoleto: 'app.notificacoes.placeholders.linkBoleto',
  linkPagamento: 'app.notificacoes.placeholders.linkPagamento',
  pixCopiaECola: 'app.notificacoes.placeholders.pixCopiaECola',
  linhaDigitavel: 'app.notificacoes.placeholders.linhaDigitavel',
  empresa: 'app.notificacoes.placeholders.empresa',
  desconto: 'app.notificacoes.placeholders.desconto',
  valorComDesconto: 'app.notificacoes.placeholders.valorComDesconto',
  descontoAte: 'app.notificacoes.placeholders.descontoAte',
  pixAutomatico: 'app.notificacoes.placeholders.pixAutomatico',
};

/** A template about something else than a charge (the readjustment's): its own placeholders, their help and the sample that fills the preview. */
export interface OutrosPlaceholders {
  chaves: readonly string[];
  ajuda: Record<string, string>;
  exemplo: Record<string, string>;
}

export function AlertaTemplateInput({ source, label, proprios }: { source: string; label: string; proprios?: OutrosPlaceholders }) {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  const textarea = React.useRef<HTMLTextAreaElement | null>(null);
  /** Whether the text was focused: only then does its selection say where the cursor is. */
  const cursorKnown = React.useRef(false);
  /** Where the cursor goes once the inserted text is rendered. */
  const caretAfterInsert = React.useRef<number | null>(null);
  const name = translate(label);

  React.useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    const element = textarea.current;
    if (caret === null || !element) return;
    caretAfterInsert.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [value]);

  const insert = (placeholder: string) => {
    const element = textarea.current;
    const start = cursorKnown.current && element ? element.selectionStart : value.length;
    const end = cursorKnown.current && element ? element.selectionEnd : value.length;
    caretAfterInsert.current = start + placeholder.length;
    cursorKnown.current = true;
    field.onChange(value.slice(0, start) + placeholder + value.slice(end));
  };

  const error = fieldState.error?.message;
  // As a real message: with the gateway off there is no PIX nor boleto, and their lines are left out.
  const gateway = useWatch({ name: 'integrations.gateway' }) as { status?: unknown; token?: unknown } | undefined;
  const gatewayAtivo = Number(gateway?.status) === INTEGRATION_STATUS.ATIVO && Boolean(gateway?.token);
  const preview = fillTemplate(
    comEmpresa(value),
    proprios ? { empresa: ALERTA_EXEMPLO.empresa, ...proprios.exemplo } : gatewayAtivo ? ALERTA_EXEMPLO : semGateway(ALERTA_EXEMPLO),
  );
  const chaves = proprios?.chaves ?? ALERTA_PLACEHOLDERS;
  const ajuda = (key: string) => proprios?.ajuda[key] ?? PLACEHOLDER_HELP[key as (typeof ALERTA_PLACEHOLDERS)[number]];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {name}
      </Typography>
      <Box
        role="group"
        aria-label={translate('app.notificacoes.insert_placeholder', { name })}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}
      >
        {chaves.map((key) => (
          <Chip
            key={key}
            size="small"
            variant="outlined"
            label={`{{${key}}}`}
            title={translate(ajuda(key))}
            onClick={() => insert(`{{${key}}}`)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <TextField
          id={id}
          name={field.name}
          label={name}
          value={value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          onFocus={() => {
            cursorKnown.current = true;
          }}
          inputRef={(element: HTMLTextAreaElement | null) => {
            textarea.current = element;
            field.ref(element);
          }}
          error={!!error}
          helperText={
            error ? translate(error, { _: error }) : translate('app.notificacoes.chars', { count: value.length, max: ALERTA_MAX_CHARS })
          }
          multiline
          minRows={4}
          fullWidth
        />
        <Paper
          component="section"
          variant="outlined"
          aria-label={translate('app.notificacoes.preview_of', { name })}
          sx={{ p: 1.5, bgcolor: 'action.hover' }}
        >
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {translate('app.notificacoes.preview')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {preview || translate('app.notificacoes.preview_empty')}
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
