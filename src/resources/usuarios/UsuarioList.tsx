/** /usuarios (SPEC 2.16): Nome, CPF/CNPJ, Telefone, Email, Acesso, Ações; status filter; modal forms. */
import * as React from 'react';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { formatCpfCnpj, formatPhone } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { StatusFilter } from '../../components/SearchBar';
import { ResourceDialog } from '../../components/ResourceDialog';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { acessoLabel, statusChoices } from './choices';
import { Redefinir2faButton } from '../../components/Redefinir2faButton';
import { UsuarioCreateForm, UsuarioEditForm } from './UsuarioForm';

interface Usuario {
  id: number;
  name: string;
  cpf: string;
  phone: string;
  mobilePhone: string;
  email: string;
  acesso: number;
  doisFatores?: boolean;
}

function DoisFatoresText({ on }: { on: boolean }) {
  const translate = useTranslate();
  return <>{translate(on ? 'app.seguranca.ativa' : 'app.seguranca.inativa')}</>;
}

function AcessoText({ acesso }: { acesso: number }) {
  const translate = useTranslate();
  return <>{translate(acessoLabel(acesso))}</>;
}

/** On a phone: the name, the access beside it, and e-mail and phone under them. */
const card: ListCard<Usuario> = {
  primary: (record) => record.name,
  tertiary: (record) => <AcessoText acesso={record.acesso} />,
  secondary: (record) => <CardLine parts={[record.email, formatPhone(record.phone || record.mobilePhone)]} />,
};

export default function UsuarioList() {
  return (
    <ListPage
      title="resources.usuarios.name"
      filters={<StatusFilter choices={statusChoices} />}
      dialog={<ResourceDialog create={<UsuarioCreateForm />} edit={<UsuarioEditForm />} />}
    >
      <ListTable<Usuario>
        card={card}
        actions={(record) => <RowActions removable={Number(record.id) !== 1 /* user 1 stays (SPEC 6) */} extra={<Redefinir2faButton />} />}
      >
        <DataTable.Col source="name" render={ellipsisOf((record) => record.name, 220)} />
        <DataTable.Col source="cpf" disableSort render={(record) => (record.cpf ? formatCpfCnpj(record.cpf) : '')} />
        <DataTable.Col
          source="phone"
          label="resources.usuarios.fields.phone"
          disableSort
          render={(record) => formatPhone(record.phone || record.mobilePhone)}
        />
        <DataTable.Col source="email" render={ellipsisOf((record) => record.email, 220)} />
        <DataTable.Col source="acesso" render={(record) => <AcessoText acesso={record.acesso} />} />
        <DataTable.Col
          source="doisFatores"
          label="app.seguranca.dois_fatores_coluna"
          disableSort
          render={(record) => <DoisFatoresText on={Boolean(record.doisFatores)} />}
        />
      </ListTable>
    </ListPage>
  );
}
