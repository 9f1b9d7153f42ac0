/** Tab Informações of the order form: what to do, when, by whom, notes, and where the checklist stands. */
import * as React from 'react';
import ChecklistIcon from '@mui/icons-material/ChecklistOutlined';
import { Alert, Box, Link, Typography } from '@mui/material';
import { useGetList, useInput, useRecordContext, useTranslate } from 'ra-core';
import { SelectInput, TextInput } from 'react-admin';
import { ORDEM_TIPOS } from '../../../domain/ordensservicos';
import { CHECKLIST_ITEMS, checklistMissing } from '../../../domain/ordensservicos';
import { FieldError } from '../../components/FieldError';
import { BrDateInput } from '../../components/BrDateInput';
import { BrTimeInput } from '../../components/BrTimeInput';
import { FormGrid, fullRow } from '../../components/FormGrid';
import type { OrdemServico, Tecnico } from './types';

/** The staff users an order may be assigned to (GET /v1/tecnicos), sorted by name. */
export function useTecnicos() {
  return useGetList<Tecnico>('tecnicos', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
}

function TecnicoInput({ disabled }: { disabled?: boolean }) {
  const { data, isPending } = useTecnicos();
  return (
    <SelectInput
      source="idtecnico"
      disabled={disabled}
      choices={data ?? []}
      isPending={isPending}
      emptyText="app.ordensservicos.sem_tecnico"
      // No técnico is null for the API; the select's empty option is ''.
      parse={(value: string) => (value === '' ? null : Number(value))}
    />
  );
}

/**
 * The checklist is answered on the order's page: here how many answers it has, a link there, and
 * the server's refusal to finalize an incomplete one (errors.checklist).
 */
function ChecklistSummary() {
  const translate = useTranslate();
  const record = useRecordContext<OrdemServico>();
  const { field, fieldState } = useInput({ source: 'checklist' });
  const answered = CHECKLIST_ITEMS.length - checklistMissing(field.value).length;
  const error = fieldState.error?.message;
  return (
    <Box component="section" aria-label={translate('app.ordensservicos.checklist')} sx={{ ...fullRow, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ChecklistIcon color={error ? 'error' : 'action'} fontSize="small" />
        <Typography variant="body2" color={error ? 'error' : 'text.secondary'}>
          {translate('app.ordensservicos.checklist_count', { count: answered, total: CHECKLIST_ITEMS.length })}
        </Typography>
        {record?.id ? (
          <Link href={`/ordenservico/${record.id}`} target="_blank" rel="noopener" variant="body2">
            {translate('app.ordensservicos.open_page')}
          </Link>
        ) : null}
      </Box>
      <FieldError error={error} />
    </Box>
  );
}

/** An order the WhatsApp bot booked (DESIGN 11): says so above the fields. */
function OrigemAviso() {
  const translate = useTranslate();
  const record = useRecordContext<OrdemServico & { origem?: string }>();
  if (record?.origem !== 'atendimento') return null;
  return (
    <Alert severity="info" sx={fullRow} data-testid="ordem-origem">
      {translate('app.ordensservicos.origem_atendimento')}
    </Alert>
  );
}

/** `readOnly`: a finalized order; every input is disabled (some of react-admin's ignore the form's own `disabled`). */
export function OrdemServicoInputs({ readOnly }: { readOnly?: boolean }) {
  return (
    <FormGrid>
      <OrigemAviso />
      <TextInput source="descricao" isRequired disabled={readOnly} sx={fullRow} slotProps={{ htmlInput: { maxLength: 300 } }} />
      <BrDateInput source="agendamento" disabled={readOnly} />
      <BrTimeInput source="horario" disabled={readOnly} />
      <TecnicoInput disabled={readOnly} />
      {/* An installation takes the tracker from the técnico; a removal returns it on Finalizar (DESIGN 10). */}
      <SelectInput
        source="tipo"
        defaultValue="instalacao"
        disabled={readOnly}
        choices={ORDEM_TIPOS.map((tipo) => ({ id: tipo, name: `app.estoque.tipos.${tipo}` }))}
      />
      <TextInput
        source="informacoes"
        multiline
        minRows={3}
        disabled={readOnly}
        sx={fullRow}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <ChecklistSummary />
    </FormGrid>
  );
}
