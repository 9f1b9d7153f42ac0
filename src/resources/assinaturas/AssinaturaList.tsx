/**
 * /assinaturas/ (SPEC 2.13), 'Assinaturas Cobranças Recorrentes': status filter Todos / Ativa /
 * Vencida / Bloqueada; #, Cliente ou empresa, CPF/CNPJ, Contato, Descrição (its own early-payment
 * discount under it), Início, Próximo vencimento, Valor, Status; modal forms that start with the client.
 */
import * as React from 'react';
import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { ASSINATURA_STATUS } from '../../../domain/financeiro';
import { formatDate, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import { Ellipsis } from '../../components/Ellipsis';
import { ListPage } from '../../components/ListPage';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { ResourceDialog } from '../../components/ResourceDialog';
import { RowActions } from '../../components/RowActions';
import { StatusFilter } from '../../components/SearchBar';
import { AssinaturaCreateForm, AssinaturaEditForm, assinaturaTransform, useAssinaturaCreatedMessage } from './AssinaturaForm';
import { statusChoices } from './choices';
import type { Assinatura } from './types';
import { FormaCobrancaChip } from './FormaCobranca';
import { ClienteComDocumento, ClienteLink } from '../../components/ClienteLink';
import { descontoLista } from '../planos/Desconto';

/** Money, documents, phones and dates read on one line. */
const NOWRAP = () => ({ whiteSpace: 'nowrap' }) as const;

const statusColor = (status: number) =>
  status === ASSINATURA_STATUS.ATIVA ? 'success' : status === ASSINATURA_STATUS.BLOQUEADA ? 'error' : 'warning';

export function AssinaturaStatus({ status }: { status: number }) {
  const translate = useTranslate();
  // 3 (old data) reads as Vencida, like 2 (DESIGN 4).
  const shown = (Object.values(ASSINATURA_STATUS) as number[]).includes(Number(status)) ? Number(status) : ASSINATURA_STATUS.VENCIDA;
  return <Chip size="small" variant="outlined" color={statusColor(shown)} label={translate(`app.assinaturas.status.${shown}`)} />;
}

/**
 * Under the description: its own early-payment discount ("desconto de 5% até 3 dias antes"; none:
 * the plan's, unsaid), wrapped within the column, so the list still fits a 1366 px screen.
 */
function DescricaoComDesconto({ record }: { record: Partial<Pick<Assinatura, 'description' | 'desconto'>> }) {
  const translate = useTranslate();
  const desconto = descontoLista(translate, record.desconto);
  return (
    <>
      <Ellipsis text={record.description} max={120} />
      {desconto ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 120 }}>
          {desconto}
        </Typography>
      ) : null}
    </>
  );
}

/** On a phone's card: "desconto de 5% até 3 dias antes". */
function DescontoCurto({ record }: { record: Pick<Assinatura, 'desconto'> }) {
  const translate = useTranslate();
  return <>{descontoLista(translate, record.desconto)}</>;
}

/** On a phone: the client (its page's link), the value beside it, and number, description, next due date, discount and status under them. */
const card: ListCard<Assinatura> = {
  primary: (record) => <ClienteLink id={record.idcliente} cliente={record} />,
  tertiary: (record) => formatMoney(record.valor),
  secondary: (record) => (
    <CardLine
      parts={[
        formatNumero(record.id),
        record.description,
        formatDate(record.nextduedate),
        record.desconto ? <DescontoCurto key="desconto" record={record} /> : null,
        <AssinaturaStatus key="status" status={record.status} />,
        <FormaCobrancaChip key="forma" record={record} />,
      ]}
    />
  ),
};

export default function AssinaturaList() {
  // Where the new subscription's first charge comes from (the gateway, now, or billing later).
  const createdMessage = useAssinaturaCreatedMessage();
  return (
    <ListPage
      title="app.assinaturas.title"
      filters={<StatusFilter choices={statusChoices} />}
      dialog={
        <ResourceDialog
          create={<AssinaturaCreateForm />}
          edit={<AssinaturaEditForm />}
          transform={assinaturaTransform}
          createdMessage={createdMessage}
        />
      }
    >
      <ListTable<Assinatura> card={card} actions={() => <RowActions />}>
        <DataTable.Col source="id" render={(record) => formatNumero(record.id)} />
        <DataTable.Col
          source="name"
          label="app.assinaturas.col_cliente_documento"
          disableSort
          render={(record) => <ClienteComDocumento id={record.idcliente} cliente={record} />}
        />
        <DataTable.Col
          source="mobilePhone"
          cellSx={NOWRAP}
          label="app.assinaturas.col_contato"
          disableSort
          render={(record) => formatPhone(record.mobilePhone || record.phone) || record.email}
        />
        <DataTable.Col source="description" render={(record) => <DescricaoComDesconto record={record} />} />
        <DataTable.Col source="datecreated" cellSx={NOWRAP} render={(record) => formatDate(record.datecreated)} />
        <DataTable.Col source="nextduedate" cellSx={NOWRAP} render={(record) => formatDate(record.nextduedate)} />
        <DataTable.Col source="valor" cellSx={NOWRAP} align="right" render={(record) => formatMoney(record.valor)} />
        <DataTable.Col
          source="formaCobranca"
          label="app.assinaturas.col_forma"
          disableSort
          render={(record) => <FormaCobrancaChip record={record} compacto />}
        />
        <DataTable.Col source="status" render={(record) => <AssinaturaStatus status={record.status} />} />
      </ListTable>
    </ListPage>
  );
}
