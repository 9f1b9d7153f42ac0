/**
 * 'Novo Contrato' / 'Contrato' (SPEC 2.12): tabs Cliente (search), Plano (pick one: its fields are
 * copied and stay editable), Termos (free text), and Uploads once saved (the signed scan: images
 * or PDF). Client and plan are required.
 */
import * as React from 'react';
import { useRecordContext, type RaRecord } from 'ra-core';
import { SelectInput, TextInput } from 'react-admin';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPTS, CONTRATO_STATUS } from '../../../domain/constants';
import { parseMoney } from '../../../domain/schemas/money';
import { contratoSchema } from '../../../domain/schemas/financeiro';
import { ClienteSearchTab } from '../clientes/ClienteSearchTab';
import { DialogTabbedForm, formTab } from '../../components/DialogTabbedForm';
import { UploadsPanel } from '../../components/UploadsPanel';
import { InvalidFormNotify } from '../../form/InvalidFormNotify';
import { zodResolver } from '../../form/zodResolver';
import { PlanoTab } from './PlanoTab';
import { planoExtras } from '../planos/PlanoInputs';
import { ContratoItens } from './ContratoItens';
import { ReajusteInputs } from './ReajusteInputs';

const resolver = zodResolver(contratoSchema);
const defaults = {
  idcliente: null,
  idplano: null,
  plano: null,
  informacoes: '',
  status: CONTRATO_STATUS.ATIVO,
  reajuste: { indice: 'nenhum', percentual: null, mes: null },
};

const statusChoices = [
  { id: CONTRATO_STATUS.ATIVO, name: 'app.contratos.status.0' },
  { id: CONTRATO_STATUS.ENCERRADO, name: 'app.contratos.status.1' },
];

/** The body the API takes: the links, the plan's copy (money as numbers), the terms and the status. */
export function contratoTransform(data: RaRecord): RaRecord {
  const plano = data.plano
    ? {
        name: data.plano.name ?? '',
        descricao: data.plano.descricao ?? '',
        limtdispositivos: Number(data.plano.limtdispositivos),
        valor: parseMoney(data.plano.valor),
        valoradd: parseMoney(data.plano.valoradd),
        informacoes: data.plano.informacoes ?? '',
        ...planoExtras(data.plano),
      }
    : undefined;
  const reajuste = data.reajuste?.indice
    ? {
        indice: data.reajuste.indice,
        percentual: data.reajuste.indice === 'fixo' ? (data.reajuste.percentual ?? null) : null,
        mes: data.reajuste.mes || null,
      }
    : undefined;
  return {
    id: data.id,
    idcliente: data.idcliente,
    idplano: data.idplano,
    ...(plano ? { plano } : {}),
    ...(reajuste ? { reajuste } : {}),
    informacoes: data.informacoes ?? '',
    status: Number(data.status) || CONTRATO_STATUS.ATIVO,
  } as RaRecord;
}

/** Client and plan are chosen on their own tabs: a missing one says where to go. */
const invalidMessages = { idcliente: 'app.contratos.cliente_required_tab', idplano: 'app.contratos.plano_required_tab' };

function ContratoUploads() {
  const record = useRecordContext();
  if (!record?.id) return null;
  return <UploadsPanel unid={Number(record.id)} documento="contratos" accept={UPLOAD_ACCEPTS.contratos} maxSize={MAX_UPLOAD_BYTES} />;
}

/** The contract's items, managed through their own calls (saved at once, not with the form). */
function ContratoItensTab() {
  const record = useRecordContext();
  if (!record?.id) return null;
  return <ContratoItens idcontrato={Number(record.id)} idcliente={Number(record.idcliente)} />;
}

function ContratoForm({ isNew }: { isNew: boolean }) {
  return (
    <DialogTabbedForm resolver={resolver} defaultValues={defaults} disableInvalidFormNotification>
      <DialogTabbedForm.Tab label="app.contratos.tab_cliente">
        <ClienteSearchTab chosenLabel="app.contratos.cliente_chosen" />
        <InvalidFormNotify messages={invalidMessages} />
      </DialogTabbedForm.Tab>
      {formTab('app.contratos.tab_plano', <PlanoTab />)}
      {formTab('app.contratos.tab_reajuste', <ReajusteInputs />)}
      {formTab('app.contratos.tab_itens', <ContratoItensTab />, !isNew)}
      <DialogTabbedForm.Tab label="app.contratos.tab_termos">
        <TextInput source="informacoes" multiline minRows={10} fullWidth helperText="app.contratos.termos_help" />
        {isNew ? null : <SelectInput source="status" choices={statusChoices} />}
      </DialogTabbedForm.Tab>
      {formTab('app.tabs.uploads', <ContratoUploads />, !isNew)}
    </DialogTabbedForm>
  );
}

export const ContratoCreateForm = () => <ContratoForm isNew />;
export const ContratoEditForm = () => <ContratoForm isNew={false} />;
