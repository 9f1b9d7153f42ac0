/** /veiculos (SPEC 2.8): #, Veículo (marca modelo), Placa, Cliente, Ações; search; modal forms. */
import * as React from 'react';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { clienteNome } from '../../../domain/clientes';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { ResourceDialog } from '../../components/ResourceDialog';
import { EmptyRows } from '../../components/EmptyRows';
import type { Veiculo } from './types';
import { VeiculoCreateForm, VeiculoEditForm, veiculoTransform } from './VeiculoForm';

export default function VeiculoList() {
  const translate = useTranslate();
  return (
    <ListPage
      title="resources.veiculos.name"
      dialog={
        <ResourceDialog
          resource="veiculos"
          createTitle="app.veiculos.create_title"
          editTitle="app.veiculos.edit_title"
          create={<VeiculoCreateForm />}
          edit={<VeiculoEditForm />}
          transform={veiculoTransform}
        />
      }
    >
      <DataTable<Veiculo> rowClick={false} bulkActionButtons={false} empty={<EmptyRows />}>
        <DataTable.Col source="id" />
        <DataTable.Col
          source="marca"
          label="resources.veiculos.fields.veiculo"
          render={(record) => [record.marca, record.modelo].filter(Boolean).join(' ')}
        />
        <DataTable.Col source="placa" />
        <DataTable.Col source="cliente" disableSort render={(record) => clienteNome(record.cliente)} />
        <DataTable.Col label={translate('app.list.actions')} align="right" disableSort render={() => <RowActions />} />
      </DataTable>
    </ListPage>
  );
}
