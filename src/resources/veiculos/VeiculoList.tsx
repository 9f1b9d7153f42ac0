/** /veiculos (SPEC 2.8): #, Veículo (marca modelo), Placa, Cliente, Ações; search; modal forms. */
import * as React from 'react';
import { DataTable } from 'react-admin';
import { ImportarButton } from '../../components/ImportarButton';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { ResourceDialog } from '../../components/ResourceDialog';
import { ListTable, type ListCard } from '../../components/ListTable';
import type { Veiculo } from './types';
import { VeiculoCreateForm, VeiculoEditForm, veiculoTransform } from './VeiculoForm';
import { ClienteLink } from '../../components/ClienteLink';
import { VeiculoBloqueadoChip } from '../contratos/BloqueioContrato';

/** On a phone: make and model, the plate beside them, and the client (its page's link) under them. */
const card: ListCard<Veiculo> = {
  primary: (record) => [record.marca, record.modelo].filter(Boolean).join(' '),
  tertiary: (record) => (
    <>
      {record.placa} <VeiculoBloqueadoChip bloqueado={record.bloqueado} />
    </>
  ),
  secondary: (record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />,
};

export default function VeiculoList() {
  return (
    <ListPage
      title="resources.veiculos.name"
      actions={<ImportarButton recurso="veiculos" />}
      dialog={<ResourceDialog create={<VeiculoCreateForm />} edit={<VeiculoEditForm />} transform={veiculoTransform} />}
    >
      <ListTable<Veiculo> card={card} actions={() => <RowActions />}>
        <DataTable.Col source="id" />
        <DataTable.Col
          source="marca"
          label="resources.veiculos.fields.veiculo"
          render={ellipsisOf((record) => [record.marca, record.modelo].filter(Boolean).join(' '), 240)}
        />
        <DataTable.Col
          source="placa"
          render={(record) => (
            <>
              {record.placa} <VeiculoBloqueadoChip bloqueado={record.bloqueado} />
            </>
          )}
        />
        <DataTable.Col source="cliente" disableSort render={(record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />} />
      </ListTable>
    </ListPage>
  );
}
