/** /planos (SPEC 2.11): Nome, Descrição, Valor, Valor adicional (R$ pt-BR), Ações. */
import * as React from 'react';
import { DataTable } from 'react-admin';
import { formatMoney } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import type { PlanoInput } from '../../../domain/schemas/planos';
import { ResourceDialog } from '../../components/ResourceDialog';
import { ListTable, type ListCard } from '../../components/ListTable';
import { PlanoForm, planoTransform } from './PlanoForm';

/** A plan as GET /v1/planos lists it: the shared schema's fields and its id. */
type Plano = PlanoInput & { id: number };

/** On a phone: the name, the value beside it, and the description under them. */
const card: ListCard<Plano> = {
  primary: (record) => record.name,
  tertiary: (record) => formatMoney(record.valor),
  secondary: (record) => record.descricao,
};

export default function PlanoList() {
  return (
    <ListPage
      title="resources.planos.name"
      dialog={<ResourceDialog create={<PlanoForm />} edit={<PlanoForm />} transform={planoTransform} />}
    >
      <ListTable<Plano> card={card} actions={() => <RowActions />}>
        <DataTable.Col source="name" render={ellipsisOf((record) => record.name, 220)} />
        <DataTable.Col source="descricao" render={ellipsisOf((record) => record.descricao, 320)} />
        <DataTable.Col source="valor" align="right" render={(record) => formatMoney(record.valor)} />
        <DataTable.Col source="valoradd" align="right" disableSort render={(record) => formatMoney(record.valoradd)} />
      </ListTable>
    </ListPage>
  );
}
