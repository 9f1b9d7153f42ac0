/**
 * /contratos (SPEC 2.12): #, Cliente, Descrição (of the plan), Valor, Status (Ativo / Encerrado)
 * and the row's document, edit and remove. /contratos/{id} is the contract's document (shown here
 * without the shell: src/print/printPaths.ts), so the edit dialog lives at /contratos/{id}/edit.
 */
import * as React from 'react';
import { Chip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { CONTRATO_STATUS } from '../../../domain/constants';
import { formatMoney, formatNumero } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { ResourceDialog } from '../../components/ResourceDialog';
import { StatusFilter } from '../../components/SearchBar';
import { DocumentRowActions, ListOrDocument } from '../../print/DocumentRoutes';
import { DOCUMENT_EDIT_SUFFIX } from '../../print/printPaths';
import { ContratoCreateForm, ContratoEditForm, contratoTransform } from './ContratoForm';
import type { Contrato } from './types';
import { ClienteLink } from '../../components/ClienteLink';

/** Money, documents, phones and dates read on one line. */
const NOWRAP = () => ({ whiteSpace: 'nowrap' }) as const;

const ContratoPage = React.lazy(() => import('./ContratoPage'));

const statusChoices = [
  { id: CONTRATO_STATUS.ATIVO, name: 'app.contratos.status.0' },
  { id: CONTRATO_STATUS.ENCERRADO, name: 'app.contratos.status.1' },
];

export function ContratoStatus({ status }: { status: number }) {
  const translate = useTranslate();
  const encerrado = Number(status) === CONTRATO_STATUS.ENCERRADO;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={encerrado ? 'default' : 'success'}
      label={translate(encerrado ? 'app.contratos.status.1' : 'app.contratos.status.0')}
    />
  );
}

/** On a phone: the client (its page's link), the status beside it, and number, plan and value under them. */
const card: ListCard<Contrato> = {
  primary: (record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />,
  tertiary: (record) => <ContratoStatus status={record.status} />,
  secondary: (record) => <CardLine parts={[formatNumero(record.id), record.plano?.descricao, formatMoney(record.plano?.valor)]} />,
};

function ContratoTable() {
  return (
    <ListPage
      title="resources.contratos.name"
      filters={<StatusFilter choices={statusChoices} />}
      dialog={
        <ResourceDialog
          create={<ContratoCreateForm />}
          edit={<ContratoEditForm />}
          transform={contratoTransform}
          editSuffix={DOCUMENT_EDIT_SUFFIX}
        />
      }
    >
      <ListTable<Contrato> card={card} actions={() => <DocumentRowActions resource="contratos" label="app.contratos.open_document" />}>
        <DataTable.Col source="id" render={(record) => formatNumero(record.id)} />
        <DataTable.Col source="cliente" disableSort render={(record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />} />
        <DataTable.Col source="plano.descricao" disableSort render={ellipsisOf((record) => record.plano?.descricao, 240)} />
        <DataTable.Col
          source="plano.valor"
          cellSx={NOWRAP}
          disableSort
          align="right"
          render={(record) => formatMoney(record.plano?.valor)}
        />
        <DataTable.Col source="status" render={(record) => <ContratoStatus status={record.status} />} />
      </ListTable>
    </ListPage>
  );
}

export default function ContratoList() {
  return <ListOrDocument resource="contratos" document={ContratoPage} list={<ContratoTable />} />;
}
