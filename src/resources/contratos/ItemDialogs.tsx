/**
 * The dialogs of a contract's items (ContratoItens.tsx): adding a vehicle, a date to suspend or
 * reactivate from, and cancelling (the end, the reason, the fine it makes and, for administrators,
 * Dispensar multa). Plain inputs (no nested form): the server's errors go under their field and to
 * the red snackbar.
 */
import * as React from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { formatMoney } from '../../../domain/formatters';
import { parseMoney } from '../../../domain/schemas/money';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { BrDateField } from '../../components/BrDateInput';

/** Today in the business's zone, AAAA-MM-DD. */
export const hojeSp = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

type Erros = Record<string, string>;

/** A field's common props: full width, dense, and under it its error or else its help. */
const campo = (erros: Erros, nome: string, label: string, help = ' ') => ({
  fullWidth: true,
  margin: 'dense' as const,
  label,
  error: !!erros[nome],
  helperText: erros[nome] || help,
});

/** Sends the dialog's call; `onSubmit` may answer the fields' own errors (checked before the call) instead. */
function useEnvio(onSubmit: () => Promise<Erros | void>, onError?: (error: unknown) => void) {
  const notifyError = useServerErrorNotify();
  const [erros, setErros] = React.useState<Erros>({});
  const [enviando, setEnviando] = React.useState(false);
  const enviar = async () => {
    setEnviando(true);
    try {
      setErros((await onSubmit()) ?? {});
    } catch (error) {
      (onError ?? notifyError)(error);
      setErros(serverFieldErrors(error));
    } finally {
      setEnviando(false);
    }
  };
  return { erros, enviando, enviar };
}

function Acoes({ onClose, enviando, label, color }: { onClose: () => void; enviando: boolean; label: string; color?: 'error' }) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      <Button type="submit" variant="contained" color={color} disabled={enviando}>
        {translate(label)}
      </Button>
    </DialogActions>
  );
}

/** A dialog whose body is one form: Enter or its submit button sends it, never the page's own form. */
function FormDialog({
  id,
  maxWidth,
  titulo,
  onClose,
  enviar,
  children,
}: {
  id: string;
  maxWidth: 'xs' | 'sm';
  titulo: React.ReactNode;
  onClose: () => void;
  enviar: () => Promise<void>;
  children: React.ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={id}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void enviar();
        }}
      >
        <DialogTitle id={id}>{titulo}</DialogTitle>
        {children}
      </form>
    </Dialog>
  );
}

interface Veiculo {
  id: number;
  placa: string;
  marca?: string;
  modelo?: string;
}

export function AdicionarItemDialog({
  idcliente,
  emUso,
  onClose,
  onSubmit,
}: {
  idcliente: number;
  emUso: (number | null)[];
  onClose: () => void;
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
}) {
  const translate = useTranslate();
  const { data: veiculos = [], isPending } = useGetList<Veiculo>('veiculos', {
    filter: { idcliente },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const livres = veiculos.filter((v) => !emUso.includes(v.id));
  const [idveiculo, setIdveiculo] = React.useState('');
  const [valor, setValor] = React.useState('');
  const [inicio, setInicio] = React.useState(hojeSp());
  const [fidelidade, setFidelidade] = React.useState('');
  const { erros, enviando, enviar } = useEnvio(async (): Promise<Erros | void> => {
    const valorNum = valor.trim() ? parseMoney(valor) : null;
    if (!idveiculo) return { idveiculo: translate('app.contratos.itens.escolha_veiculo') };
    if (valorNum !== null && typeof valorNum !== 'number') return { valor: translate('app.contratos.itens.valor_invalido') };
    await onSubmit({
      tipo: 'veiculo',
      idveiculo: Number(idveiculo),
      descricao: translate('app.contratos.itens.rastreamento'),
      valor: valorNum,
      inicio: inicio || null,
      ...(fidelidade.trim() ? { fidelidadeMeses: fidelidade.trim() } : {}),
    });
  });
  return (
    <FormDialog id="item-adicionar" maxWidth="sm" titulo={translate('app.contratos.itens.adicionar')} onClose={onClose} enviar={enviar}>
      <DialogContent>
        {!isPending && !livres.length ? <Alert severity="info">{translate('app.contratos.itens.sem_veiculos')}</Alert> : null}
        <TextField
          select
          {...campo(erros, 'idveiculo', translate('app.contratos.itens.veiculo'))}
          value={idveiculo}
          onChange={(e) => setIdveiculo(e.target.value)}
          required
        >
          {livres.map((v) => (
            <MenuItem key={v.id} value={String(v.id)}>
              {[v.placa, v.marca, v.modelo].filter(Boolean).join(' · ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...campo(erros, 'valor', translate('app.contratos.itens.valor_mensal'), translate('app.contratos.itens.valor_help'))}
          value={valor}
          onChange={(e) => setValor(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <BrDateField
          {...campo(erros, 'inicio', translate('app.contratos.itens.inicio'), translate('app.contratos.itens.inicio_help'))}
          value={inicio}
          onChange={setInicio}
        />
        <TextField
          {...campo(
            erros,
            'fidelidadeMeses',
            translate('app.contratos.itens.fidelidade_meses'),
            translate('app.contratos.itens.fidelidade_help'),
          )}
          value={fidelidade}
          onChange={(e) => setFidelidade(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </DialogContent>
      <Acoes onClose={onClose} enviando={enviando} label="app.contratos.itens.adicionar_confirmar" />
    </FormDialog>
  );
}

export function DataItemDialog({
  titulo,
  texto,
  onClose,
  onSubmit,
}: {
  titulo: string;
  texto: string;
  onClose: () => void;
  onSubmit: (de: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [de, setDe] = React.useState(hojeSp());
  const { erros, enviando, enviar } = useEnvio(() => onSubmit(de));
  return (
    <FormDialog id="item-data" maxWidth="xs" titulo={titulo} onClose={onClose} enviar={enviar}>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{texto}</DialogContentText>
        <BrDateField {...campo(erros, 'de', translate('app.contratos.itens.a_partir_de'))} margin="none" value={de} onChange={setDe} />
      </DialogContent>
      <Acoes onClose={onClose} enviando={enviando} label="ra.action.confirm" />
    </FormDialog>
  );
}

export function CancelarItemDialog({
  titulo,
  multa,
  admin,
  onClose,
  onSubmit,
  onError,
}: {
  titulo: string;
  multa: (fim: string) => number;
  admin: boolean;
  onClose: () => void;
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  const translate = useTranslate();
  const [fim, setFim] = React.useState(hojeSp());
  const [motivo, setMotivo] = React.useState('');
  const [dispensar, setDispensar] = React.useState(false);
  const [ordem, setOrdem] = React.useState(true);
  const valorMulta = multa(fim);
  const { erros, enviando, enviar } = useEnvio(() => onSubmit({ fim, motivo, dispensarMulta: dispensar, ordem }), onError);
  return (
    <FormDialog id="item-cancelar" maxWidth="sm" titulo={titulo} onClose={onClose} enviar={enviar}>
      <DialogContent>
        <BrDateField
          {...campo(erros, 'fim', translate('app.contratos.itens.fim'), translate('app.contratos.itens.fim_help'))}
          value={fim}
          onChange={setFim}
        />
        <TextField
          {...campo(erros, 'motivo', translate('app.contratos.itens.motivo'))}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
        <FormControlLabel
          control={<Checkbox checked={ordem} onChange={(e) => setOrdem(e.target.checked)} />}
          label={translate('app.contratos.itens.abrir_retirada')}
        />
        {valorMulta > 0 ? (
          <Alert severity={dispensar ? 'info' : 'warning'} sx={{ mt: 1 }}>
            {translate(dispensar ? 'app.contratos.itens.multa_dispensada' : 'app.contratos.itens.multa_aviso', {
              valor: formatMoney(valorMulta),
            })}
          </Alert>
        ) : (
          <Alert severity="success" sx={{ mt: 1 }}>
            {translate('app.contratos.itens.sem_multa')}
          </Alert>
        )}
        {valorMulta > 0 && admin ? (
          <FormControlLabel
            control={<Checkbox checked={dispensar} onChange={(e) => setDispensar(e.target.checked)} />}
            label={translate('app.contratos.itens.dispensar_multa')}
          />
        ) : null}
      </DialogContent>
      <Acoes onClose={onClose} enviando={enviando} label="app.contratos.itens.cancelar_confirmar" color="error" />
    </FormDialog>
  );
}
