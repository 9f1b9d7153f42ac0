/** /planos (SPEC 2.11): Nome, Descrição, Valor, Valor adicional (R$ pt-BR), Ações. */
import * as React from 'react';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { formatMoney } from '../../../domain/formatters';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { ResourceDialog } from '../../components/ResourceDialog';
import { EmptyRows } from '../../components/EmptyRows';
import { PlanoForm, planoTransform } from './PlanoForm';

interface Plano {
  id: number;
  name: string;
  descricao: string;
  limtdispositivos: number;
  valor: number;
  valoradd: number;
  informacoes?: string;
}

export default function PlanoList() {
  const translate = useTranslate();
  return (
    <ListPage
      title="resources.planos.name"
      dialog={
        <ResourceDialog
          resource="planos"
          createTitle="app.planos.create_title"
          editTitle="app.planos.edit_title"
          create={<PlanoForm />}
          edit={<PlanoForm />}
          transform={planoTransform}
        />
      }
    >
      <DataTable<Plano> rowClick={false} bulkActionButtons={false} empty={<EmptyRows />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="descricao" />
        <DataTable.Col source="valor" align="right" render={(record) => formatMoney(record.valor)} />
        <DataTable.Col source="valoradd" align="right" disableSort render={(record) => formatMoney(record.valoradd)} />
        <DataTable.Col label={translate('app.list.actions')} align="right" disableSort render={() => <RowActions />} />
      </DataTable>
    </ListPage>
  );
}
