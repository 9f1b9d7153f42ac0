/** /planos (SPEC 2.11): Nome, Descrição, Valor, Valor adicional (R$ pt-BR), Desconto (DESIGN 11), Ações. */
import * as React from 'react';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { formatMoney } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import type { PlanoInput } from '../../../domain/schemas/planos';
import { ResourceDialog } from '../../components/ResourceDialog';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { descontoTexto } from './Desconto';
import { PlanoForm, planoTransform } from './PlanoForm';

/** A plan as GET /v1/planos lists it: the shared schema's fields and its id. */
type Plano = PlanoInput & { id: number };

/** "Desconto: 5% até 3 dias antes", or nothing. */
function DescontoTexto({ record, prefixo = false }: { record: Pick<Plano, 'desconto'>; prefixo?: boolean }) {
  const translate = useTranslate();
  const texto = descontoTexto(translate, record.desconto);
  if (!texto) return null;
  return <>{prefixo ? `${translate('app.planos.col_desconto')}: ${texto}` : texto}</>;
}

/** On a phone: the name, the value beside it, and the description and discount under them. */
const card: ListCard<Plano> = {
  primary: (record) => record.name,
  tertiary: (record) => formatMoney(record.valor),
  secondary: (record) => (
    <CardLine parts={[record.descricao, record.desconto ? <DescontoTexto key="desconto" record={record} prefixo /> : null]} />
  ),
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
        <DataTable.Col label="app.planos.col_desconto" render={(record) => <DescontoTexto record={record} />} />
      </ListTable>
    </ListPage>
  );
}
