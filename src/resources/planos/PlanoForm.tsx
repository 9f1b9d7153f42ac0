/** 'Novo Plano' / 'Plano': one form (SPEC 2.11); the body carries money as numbers. */
import * as React from 'react';
import type { RaRecord } from 'ra-core';
import { SimpleForm } from 'react-admin';
import { planoSchema } from '../../../domain/schemas/planos';
import { parseMoney } from '../../../domain/schemas/money';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';
import { comDescontoDoForm, descontoDoForm } from './Desconto';
import { planoExtras, PlanoInputs } from './PlanoInputs';

// The discount as the form keeps it (a blank kind: none) is checked as the API's.
const resolver = zodResolver(comDescontoDoForm(planoSchema));

export function planoTransform(data: RaRecord): RaRecord {
  return {
    ...data,
    valor: parseMoney(data.valor),
    valoradd: parseMoney(data.valoradd),
    ...planoExtras(data),
    desconto: descontoDoForm(data.desconto),
  } as RaRecord;
}

/** The same form creates and edits (the edit one starts from the loaded plan: 49,90 from the first paint). */
export function PlanoForm() {
  return (
    <SimpleForm resolver={resolver} defaultValues={{ limtdispositivos: 1 }} toolbar={<FormToolbar />}>
      <PlanoInputs />
    </SimpleForm>
  );
}
