/**
 * 'Nova Ordem de Serviço' / 'Ordem de Serviço' (SPEC 2.15): tabs Informações, Cliente, Veículo,
 * Rastreador, and Uploads once saved. Limpa and Salva while the order is open; Finalizar (asks
 * first, then status 1 and save) only for a saved one. A finalized order opens read-only; an administrator may reopen it.
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { Alert, Box, Button } from '@mui/material';
import { useCanAccess, useNotify, useRecordContext, useRedirect, useTranslate, useUpdate, type RaRecord } from 'ra-core';
import { SaveButton } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPTS } from '../../../domain/constants';
import { ORDEM_STATUS } from '../../../domain/ordensservicos';
import { ordemServicoSchema } from '../../../domain/schemas/ordensservicos';
import { ClienteSearchTab } from '../clientes/ClienteSearchTab';
import { DialogTabbedForm, formTab } from '../../components/DialogTabbedForm';
import { FormToolbar } from '../../components/FormToolbar';
import { UploadsPanel } from '../../components/UploadsPanel';
import { InvalidFormNotify } from '../../form/InvalidFormNotify';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { zodResolver } from '../../form/zodResolver';
import { FinalizarConfirm } from './FinalizarConfirm';
import { CONFIRMA, confirmacaoDe, SemValidacaoConfirm, type Confirmacao } from '../frota/SemValidacaoConfirm';
import { isConcluida } from './format';
import { OrdemRastreadorTab } from './OrdemRastreadorTab';
import { OrdemServicoInputs } from './OrdemServicoInputs';
import { OrdemVeiculoTab } from './OrdemVeiculoTab';
import type { OrdemServico } from './types';

const resolver = zodResolver(ordemServicoSchema);
// No links yet: null, so the schema says which one is missing (0 would be an invalid id).
const defaults = {
  idcliente: null,
  idveiculo: null,
  iddevice: null,
  idtecnico: null,
  descricao: '',
  agendamento: null,
  horario: '',
  informacoes: '',
  status: ORDEM_STATUS.EM_ABERTO,
  checklist: {},
};

/** The body the API takes (DESIGN 9): the order's own fields and links; embeds are read-only. */
export function ordemTransform(data: RaRecord): RaRecord {
  return {
    id: data.id,
    idcliente: data.idcliente,
    idveiculo: data.idveiculo,
    iddevice: data.iddevice,
    idtecnico: data.idtecnico || null,
    descricao: data.descricao ?? '',
    agendamento: data.agendamento || null,
    horario: data.horario ?? '',
    informacoes: data.informacoes ?? '',
    status: Number(data.status) || ORDEM_STATUS.EM_ABERTO,
    checklist: data.checklist ?? {},
  } as RaRecord;
}

const finalizeTransform = (data: RaRecord) => ordemTransform({ ...data, status: ORDEM_STATUS.CONCLUIDO });

/** The links are chosen on other tabs: a missing one says where to go. */
const invalidMessages = {
  idcliente: 'app.ordensservicos.cliente_required_tab',
  idveiculo: 'app.ordensservicos.veiculo_required_tab',
  iddevice: 'app.ordensservicos.rastreador_required_tab',
};

/** Limpa: a new order starts over, a saved one goes back to what is saved. */
function ClearButton({ onClear }: { onClear?: () => void }) {
  const translate = useTranslate();
  const { reset } = useFormContext();
  return (
    <Button type="button" variant="outlined" onClick={() => (onClear ? onClear() : reset())}>
      {translate('app.ordensservicos.clear')}
    </Button>
  );
}

/** An administrator's way back from Concluído (DESIGN 9): status 0, everything else as saved. */
function ReopenButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const record = useRecordContext<OrdemServico>();
  const { canAccess: isAdministrator } = useCanAccess({ action: 'list', resource: 'usuarios' });
  const [update, { isPending }] = useUpdate();
  if (!record || !isAdministrator) return null;
  const reopen = () =>
    update(
      'ordensservicos',
      { id: record.id, data: ordemTransform({ ...record, status: ORDEM_STATUS.EM_ABERTO }), previousData: record },
      { mutationMode: 'pessimistic', onSuccess: () => notify('app.notify.updated', { type: 'success' }), onError },
    );
  return (
    <Button type="button" variant="outlined" color="warning" startIcon={<LockOpenIcon />} disabled={isPending} onClick={reopen}>
      {translate('app.ordensservicos.reopen')}
    </Button>
  );
}

/**
 * The confirmation's Finalizar: saves what the form holds with status 1, says the order is
 * finalized and returns to the list. A refusal (an incomplete checklist) is the dialog's own
 * (ResourceDialog's onError: the snackbar and the field errors).
 */
function FinalizeSaveButton({
  onStart,
  onSemValidacao,
  confirmado,
}: {
  onStart: () => void;
  /** The server's 409: no report in 10 minutes, or the tracker not Comunicando; the toolbar asks first (DESIGN 10). */
  onSemValidacao?: (pergunta: Confirmacao) => void;
  /** This is the confirmation's button: finalize without validation, or with the situation as it is. */
  confirmado?: Confirmacao['kind'];
}) {
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useServerErrorNotify();
  return (
    <SaveButton
      type="button"
      label={
        confirmado === 'semValidacao'
          ? 'app.frota.sem_validacao_confirmar'
          : confirmado === 'situacao'
            ? 'app.frota.situacao_confirmar'
            : 'app.ordensservicos.finalize'
      }
      icon={<DoneAllIcon />}
      color={confirmado ? 'warning' : 'success'}
      transform={confirmado ? (data: RaRecord) => ({ ...finalizeTransform(data), [CONFIRMA[confirmado]]: true }) : finalizeTransform}
      alwaysEnable
      onClick={onStart}
      mutationOptions={{
        onSuccess: () => {
          notify('app.ordensservicos.finalized', { type: 'success' });
          redirect('list', 'ordensservicos');
        },
        onError: (error: unknown) => {
          const pergunta = confirmacaoDe(serverFieldErrors(error));
          if (pergunta && onSemValidacao && pergunta.kind !== confirmado) onSemValidacao(pergunta);
          else onError(error);
        },
      }}
    />
  );
}

function OrdemToolbar({ isNew, concluida, onClear }: { isNew: boolean; concluida: boolean; onClear?: () => void }) {
  const translate = useTranslate();
  const [pergunta, setPergunta] = React.useState<Confirmacao>();
  if (concluida) {
    return (
      <FormToolbar>
        <Alert severity="success" sx={{ py: 0, flex: 1 }}>
          {translate('app.ordensservicos.read_only')}
        </Alert>
        <ReopenButton />
      </FormToolbar>
    );
  }
  return (
    <FormToolbar>
      <SaveButton label="app.ordensservicos.save" />
      <ClearButton onClear={onClear} />
      {isNew ? null : (
        <Box sx={{ ml: 'auto' }}>
          <FinalizarConfirm confirm={(close) => <FinalizeSaveButton onStart={close} onSemValidacao={setPergunta} />} />
          <SemValidacaoConfirm
            message={pergunta?.message}
            kind={pergunta?.kind}
            onClose={() => setPergunta(undefined)}
            confirm={<FinalizeSaveButton confirmado={pergunta?.kind} onSemValidacao={setPergunta} onStart={() => setPergunta(undefined)} />}
          />
        </Box>
      )}
    </FormToolbar>
  );
}

/** Picking another client forgets the vehicle and tracker chosen for the previous one. */
function ClienteTab({ readOnly }: { readOnly: boolean }) {
  const { setValue } = useFormContext();
  return (
    <ClienteSearchTab
      chosenLabel="app.ordensservicos.cliente_chosen"
      readOnly={readOnly}
      onPick={(cliente, previous) => {
        if (previous === cliente.id) return;
        setValue('idveiculo', null, { shouldDirty: true });
        setValue('iddevice', null, { shouldDirty: true });
      }}
    />
  );
}

/** The order's installation photos: images only, at most 5,000,000 bytes each. */
function OrdemUploads() {
  const record = useRecordContext();
  if (!record?.id) return null;
  return (
    <UploadsPanel unid={Number(record.id)} documento="ordensservicos" accept={UPLOAD_ACCEPTS.ordensservicos} maxSize={MAX_UPLOAD_BYTES} />
  );
}

function OrdemServicoForm({ isNew, onClear }: { isNew: boolean; onClear?: () => void }) {
  const record = useRecordContext<OrdemServico>();
  const concluida = !isNew && isConcluida(record);
  return (
    <DialogTabbedForm
      resolver={resolver}
      defaultValues={defaults}
      disableInvalidFormNotification
      disabled={concluida}
      toolbar={<OrdemToolbar isNew={isNew} concluida={concluida} onClear={onClear} />}
    >
      <DialogTabbedForm.Tab label="app.tabs.informacoes">
        <OrdemServicoInputs readOnly={concluida} />
        <InvalidFormNotify messages={invalidMessages} />
      </DialogTabbedForm.Tab>
      {formTab('app.ordensservicos.tab_cliente', <ClienteTab readOnly={concluida} />)}
      {formTab('app.ordensservicos.tab_veiculo', <OrdemVeiculoTab readOnly={concluida} />)}
      {formTab('app.ordensservicos.tab_rastreador', <OrdemRastreadorTab readOnly={concluida} />)}
      {formTab('app.tabs.uploads', <OrdemUploads />, !isNew)}
    </DialogTabbedForm>
  );
}

/** Limpa starts the form over: a new generation remounts it with the defaults and no search state. */
export function OrdemServicoCreateForm() {
  const [generation, setGeneration] = React.useState(0);
  return <OrdemServicoForm key={generation} isNew onClear={() => setGeneration((n) => n + 1)} />;
}

export function OrdemServicoEditForm() {
  return <OrdemServicoForm isNew={false} />;
}
