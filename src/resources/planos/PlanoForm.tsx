/** 'Novo Plano' / 'Plano': one form (SPEC 2.11); the body carries money as numbers. */
import * as React from 'react';
import type { RaRecord } from 'ra-core';
import { SimpleForm } from 'react-admin';
import { planoSchema } from '../../../domain/schemas/planos';
import { parseMoney } from '../../../domain/schemas/money';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { planoExtras, PlanoInputs } from './PlanoInputs';

const resolver = zodResolver(planoSchema);

export function planoTransform(data: RaRecord): RaRecord {
  return { ...data, valor: parseMoney(data.valor), valoradd: parseMoney(data.valoradd), ...planoExtras(data) } as RaRecord;
}

/** The same form creates and edits (the edit one starts from the loaded plan: 49,90 from the first paint). */
export function PlanoForm() {
  return (
    <SimpleForm resolver={resolver} defaultValues={{ limtdispositivos: 1 }} toolbar={<FormToolbar />}>
      <PlanoInputs />
    </SimpleForm>
  );
}
