/**
 * 'Novo Veículo' / 'Veículo': tabs Informações and Cliente, plus Rastreador and Uploads once saved
 * (SPEC 2.8). Buttons Limpa (new only) and Salva.
 */
import * as React from 'react';
import { Button } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { SaveButton } from 'react-admin';
import { veiculoSchema } from '../../../domain/schemas/equipamentos';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPTS } from '../../../domain/constants';
import { zodResolver } from '../../form/zodResolver';
import { InvalidFormNotify } from '../../form/InvalidFormNotify';
import { UploadsPanel } from '../../components/UploadsPanel';
import { ClienteSearchTab } from '../clientes/ClienteSearchTab';
import { RastreadorTab } from './RastreadorTab';
import { VeiculoInputs } from './VeiculoInputs';
import { FormToolbar } from '../../components/FormToolbar';
import { DialogTabbedForm, formTab } from '../../components/DialogTabbedForm';

const resolver = zodResolver(veiculoSchema);
// No client yet: null, so the schema says 'Cliente obrigatório' (0 would be an invalid id).
const defaults = { category: '', idcliente: null };

/** The body the API needs: the vehicle's own fields; its embeds (cliente, device) are read-only. */
export function veiculoTransform({ cliente: _cliente, device: _device, deviceId: _deviceId, ...data }: RaRecord): RaRecord {
  return data as RaRecord;
}

/** A missing client is chosen on another tab: the notice says where to go. */
const invalidMessages = { idcliente: 'app.veiculos.cliente_required' };

/** Salva, and Limpa for a new vehicle (SPEC 2.8). */
function VeiculoToolbar({ onClear }: { onClear?: () => void }) {
  const translate = useTranslate();
  return (
    <FormToolbar>
      <SaveButton label="app.veiculos.save" />
      {onClear ? (
        <Button type="button" variant="outlined" onClick={onClear}>
          {translate('app.veiculos.clear')}
        </Button>
      ) : null}
    </FormToolbar>
  );
}

function VeiculoForm({ isNew, onClear }: { isNew: boolean; onClear?: () => void }) {
  return (
    <DialogTabbedForm
      resolver={resolver}
      defaultValues={defaults}
      disableInvalidFormNotification
      // Linking a tracker refreshes the record: keep what is being typed.
      resetOptions={{ keepDirtyValues: true }}
      toolbar={<VeiculoToolbar onClear={onClear} />}
    >
      <DialogTabbedForm.Tab label="app.tabs.informacoes">
        <VeiculoInputs />
        <InvalidFormNotify messages={invalidMessages} />
      </DialogTabbedForm.Tab>
      {formTab('app.veiculos.tab_cliente', <ClienteSearchTab chosenLabel="app.veiculos.cliente_chosen" />)}
      {formTab('app.veiculos.tab_rastreador', <RastreadorTab />, !isNew)}
      {formTab('app.tabs.uploads', <VeiculoUploads />, !isNew)}
    </DialogTabbedForm>
  );
}

/** The vehicle's photo gallery: images only, at most 5,000,000 bytes each. */
function VeiculoUploads() {
  const record = useRecordContext();
  if (!record?.id) return null;
  return <UploadsPanel unid={Number(record.id)} documento="veiculos" accept={UPLOAD_ACCEPTS.veiculos} maxSize={MAX_UPLOAD_BYTES} />;
}

/** Limpa starts the form over: a new generation remounts it with the defaults and no search state. */
export function VeiculoCreateForm() {
  const [generation, setGeneration] = React.useState(0);
  return <VeiculoForm key={generation} isNew onClear={() => setGeneration((n) => n + 1)} />;
}

export function VeiculoEditForm() {
  return <VeiculoForm isNew={false} />;
}
