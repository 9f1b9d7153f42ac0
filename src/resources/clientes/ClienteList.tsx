/**
 * /clientes (SPEC 2.7): *, Cliente, Nome or Razão social, CPF/CNPJ, Telefone, Email, Cadastrado,
 * Status, Ações; status filter, search, Todos, 'Link Pré-Cadastro'; modal forms.
 */
import * as React from 'react';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Avatar, Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { clienteDocumento, isJuridica } from '../../../domain/clientes';
import { formatCpfCnpj, formatDate, formatNumero, formatPhone } from '../../../domain/formatters';
import { CLIENTE_STATUS } from '../../../domain/constants';
import { ImportarButton } from '../../components/ImportarButton';
import { ellipsisOf } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { RowActions } from '../../components/RowActions';
import { StatusFilter } from '../../components/SearchBar';
import { SwitchFilter } from '../../components/SwitchFilter';
import { ResourceDialog } from '../../components/ResourceDialog';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { clienteTransform, statusChoices } from './choices';
import { ClienteCreateForm, ClienteEditForm } from './ClienteForm';
import { PreCadastroLinkButton } from './PreCadastroLinkButton';
import type { Cliente } from './types';
import { ClienteLink } from '../../components/ClienteLink';
import { BloqueioParcialChip } from '../contratos/BloqueioContrato';

/** Numbers, documents, phones and dates read badly when broken over two lines. */
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The '*' column: who the client is at a glance, a person or a company. */
function CadastroMarker({ record }: { record: Cliente }) {
  const translate = useTranslate();
  const label = translate(isJuridica(record) ? 'app.clientes.juridica' : 'app.clientes.fisica');
  return (
    <Tooltip title={label}>
      <Avatar
        role="img"
        aria-label={label}
        sx={{ width: 30, height: 30, bgcolor: isJuridica(record) ? 'secondary.light' : 'primary.light' }}
      >
        {isJuridica(record) ? <BusinessIcon fontSize="small" /> : <PersonIcon fontSize="small" />}
      </Avatar>
    </Tooltip>
  );
}

const STATUS_COLORS = {
  [CLIENTE_STATUS.ATIVO]: 'success',
  [CLIENTE_STATUS.BLOQUEADO]: 'error',
  [CLIENTE_STATUS.VENCIDO]: 'warning',
} as const;

/**
 * The client's status; a pre-registration waiting for staff is Pré-cadastro only (its stored
 * status, Ativo, means nothing until staff confirm it on its page).
 */
function StatusChip({ record }: { record: Cliente }) {
  const translate = useTranslate();
  if (record.revisao) return <Chip size="small" color="info" label={translate('app.clientes.precadastro')} />;
  const choice = statusChoices.find((c) => c.id === Number(record.status)) ?? statusChoices[0];
  const color = STATUS_COLORS[choice.id as keyof typeof STATUS_COLORS];
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip size="small" variant="outlined" color={color} label={translate(choice.name)} />
      <BloqueioParcialChip bloqueio={record.bloqueio} compact />
    </Stack>
  );
}

/** On a phone: the name, the status beside it, and document, phone and e-mail under it. */
const card: ListCard<Cliente> = {
  primary: (record) => <ClienteLink id={record.id} cliente={record} />,
  tertiary: (record) => <StatusChip record={record} />,
  secondary: (record) => (
    <CardLine parts={[formatCpfCnpj(clienteDocumento(record)), formatPhone(record.mobilePhone || record.phone), record.email]} />
  ),
};

export default function ClienteList() {
  const translate = useTranslate();
  return (
    <ListPage
      title="resources.clientes.name"
      actions={<ImportarButton recurso="clientes" />}
      filters={
        <>
          <StatusFilter choices={statusChoices} />
          {/* Only the pre-registrations waiting for staff. */}
          <SwitchFilter filter="revisao" value={1} label="app.clientes.filtro_precadastro" />
          {/* Only the clients with some vehicles blocked by their contracts. */}
          <SwitchFilter filter="bloqueio" value="parcial" label="app.bloqueio.filtro_parcial" />
          <PreCadastroLinkButton />
        </>
      }
      dialog={<ResourceDialog create={<ClienteCreateForm />} edit={<ClienteEditForm />} transform={clienteTransform} />}
    >
      <ListTable<Cliente>
        card={card}
        actions={() => <RowActions />}
        // Nine columns: tighter cells keep Ações in view on a 1366 px laptop.
        sx={{
          '& .MuiTableCell-root': { px: 1 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .MuiTableCell-root:last-of-type': { pr: 2 },
        }}
      >
        <DataTable.Col
          label={translate('app.clientes.col_marker')}
          disableSort
          render={(record) => <CadastroMarker record={record as Cliente} />}
        />
        <DataTable.Col source="id" label="app.clientes.col_numero" sx={nowrap} render={(record) => formatNumero(record.id)} />
        <DataTable.Col
          source="name"
          label="app.clientes.col_nome"
          sx={{ minWidth: 150 }}
          render={(record) => <ClienteLink id={record.id} cliente={record} />}
        />
        <DataTable.Col
          source="cpf"
          label="app.clientes.col_documento"
          sx={nowrap}
          disableSort
          render={(record) => formatCpfCnpj(clienteDocumento(record))}
        />
        <DataTable.Col
          source="mobilePhone"
          label="app.clientes.col_telefone"
          sx={nowrap}
          disableSort
          render={(record) => formatPhone(record.mobilePhone || record.phone)}
        />
        {/* Long addresses wrap instead of pushing Status and Ações out of a laptop's view. */}
        <DataTable.Col source="email" disableSort render={ellipsisOf((record) => record.email, 160)} />
        <DataTable.Col source="dtcard" sx={nowrap} render={(record) => formatDate(record.dtcard)} />
        <DataTable.Col source="status" sx={nowrap} render={(record) => <StatusChip record={record as Cliente} />} />
      </ListTable>
    </ListPage>
  );
}
