/** 'Novo Chip' / 'Chip': one form (SPEC 2.10). Linking is done from the tracker's Chips tab. */
import * as React from 'react';
import { Box, Divider } from '@mui/material';
import { useRecordContext, type RaRecord } from 'ra-core';
import { MovimentosPanel } from '../../components/estoque/Movimentos';
import type { Chip } from './types';
import { SimpleForm } from 'react-admin';
import { chipSchema } from '../../../domain/schemas/equipamentos';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { ChipInputs } from './ChipInputs';

const resolver = zodResolver(chipSchema);

/** The chip's own fields: its link (deviceId) is left as the server has it. */
export function chipTransform({
  deviceId: _deviceId,
  device: _device,
  situacao: _s,
  idtecnico: _it,
  tecnico: _t,
  motivo: _m,
  ...data
}: RaRecord): RaRecord {
  return data as RaRecord;
}

/** A saved chip's situation, Movimentar and moves (DESIGN 10). */
function ChipEstoque() {
  const chip = useRecordContext<Chip>();
  if (!chip?.id) return null;
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <MovimentosPanel recurso="chips" unit={chip} />
    </Box>
  );
}

/** The same form creates and edits (the edit one starts from the loaded record). */
export function ChipForm() {
  return (
    <SimpleForm resolver={resolver} toolbar={<FormToolbar />}>
      <ChipInputs />
      <ChipEstoque />
    </SimpleForm>
  );
}
