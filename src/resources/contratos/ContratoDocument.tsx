/**
 * The contract as a document (SPEC 2.12, DESIGN 4), shared by the staff page (/contratos/{id}) and
 * the client's public page (/static/contrato/{token}): the company's header, the client's data and
 * address, the client's vehicles, the plan with the real vehicle count and the contract's value,
 * the terms, and the signature lines. Number zero-padded to 5.
 */
import * as React from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import { clienteDocumento, clienteNome, isJuridica } from '../../../domain/clientes';
import { ITEM_STATUS_LABELS } from '../../../domain/contratoItens';
import { formatCpfCnpj, formatDate, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import {
  CompanyBlock,
  DocumentHeader,
  InfoGrid,
  PrintSection,
  PrintTable,
  PrintText,
  SignatureLines,
  type InfoItem,
} from '../../print/PrintParts';
import { ClienteLink } from '../../components/ClienteLink';
import type { Contrato, ContratoCliente, ContratoItem, ContratoVeiculo, Dadosempresa, PlanoCopia } from './types';

const cep = (value?: string) => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : (value ?? '');
};

/** Rua, número - complemento. */
export const enderecoLinha = (c: ContratoCliente) =>
  [[c.address, c.addressNumber].filter(Boolean).join(', '), c.complement].filter(Boolean).join(' - ');

function clienteItems(cliente: ContratoCliente, linkCliente?: boolean): InfoItem[] {
  const nome = linkCliente ? <ClienteLink id={cliente.id} nome={clienteNome(cliente)} /> : clienteNome(cliente);
  const pj = isJuridica(cliente);
  const documento = formatCpfCnpj(clienteDocumento(cliente));
  const identity: InfoItem[] = pj
    ? [
        { label: 'app.contratos.doc.razaosocial', value: nome, wide: true },
        { label: 'app.contratos.doc.cnpj', value: documento },
        { label: 'app.contratos.doc.responsavel', value: cliente.name },
        { label: 'app.contratos.doc.incmunicipal', value: cliente.incmunicipal },
        { label: 'app.contratos.doc.incestdudal', value: cliente.incestdudal },
      ]
    : [
        { label: 'app.contratos.doc.nome', value: nome, wide: true },
        { label: 'app.contratos.doc.cpf', value: documento },
      ];
  return [
    ...identity,
    { label: 'app.contratos.doc.email', value: cliente.email },
    { label: 'app.contratos.doc.phone', value: formatPhone(cliente.phone) },
    { label: 'app.contratos.doc.mobilePhone', value: formatPhone(cliente.mobilePhone) },
    { label: 'app.contratos.doc.endereco', value: enderecoLinha(cliente), wide: true },
    { label: 'app.contratos.doc.bairro', value: cliente.province },
    { label: 'app.contratos.doc.cidade', value: [cliente.cityandstate, cliente.uf].filter(Boolean).join(' / ') },
    { label: 'app.contratos.doc.cep', value: cep(cliente.postalCode) },
  ];
}

const veiculoColumns = [
  { label: 'app.contratos.doc.placa', render: (v: ContratoVeiculo) => v.placa ?? '' },
  { label: 'app.contratos.doc.veiculo', render: (v: ContratoVeiculo) => [v.marca, v.modelo].filter(Boolean).join(' ') },
  { label: 'app.contratos.doc.ano', render: (v: ContratoVeiculo) => v.ano ?? '' },
  { label: 'app.contratos.doc.cor', render: (v: ContratoVeiculo) => v.cor ?? '' },
];

const itemColumns = [
  { label: 'app.contratos.doc.placa', render: (i: ContratoItem) => i.placa ?? '' },
  {
    label: 'app.contratos.doc.item_descricao',
    render: (i: ContratoItem) => i.descricao || [i.veiculo?.marca, i.veiculo?.modelo].filter(Boolean).join(' '),
  },
  { label: 'app.contratos.doc.item_situacao', render: (i: ContratoItem) => ITEM_STATUS_LABELS[i.status] ?? i.status },
  { label: 'app.contratos.doc.item_inicio', render: (i: ContratoItem) => (i.inicio ? formatDate(i.inicio) : '') },
  { label: 'app.contratos.doc.item_valor', render: (i: ContratoItem) => formatMoney(i.valorEfetivo), align: 'right' as const },
];

interface PlanoRow {
  plano: PlanoCopia;
  veiculos: number;
}

const planoColumns = [
  { label: 'app.contratos.doc.plano', render: (r: PlanoRow) => r.plano.name || r.plano.descricao || '' },
  { label: 'app.contratos.doc.descricao', render: (r: PlanoRow) => r.plano.descricao ?? '' },
  { label: 'app.contratos.doc.quantidade', render: (r: PlanoRow) => r.veiculos, align: 'center' as const },
  { label: 'app.contratos.doc.valor', render: (r: PlanoRow) => formatMoney(r.plano.valor), align: 'right' as const },
];

export interface ContratoDocumentProps {
  contrato: Contrato;
  veiculos: ContratoVeiculo[];
  empresa?: Dadosempresa | null;
  /** Staff side: the client's name links to the client's page (the client's own public page: plain). */
  linkCliente?: boolean;
}

export function ContratoDocument({ contrato, veiculos, empresa, linkCliente }: ContratoDocumentProps) {
  const translate = useTranslate();
  const cliente = contrato.cliente ?? ({ id: contrato.idcliente } as ContratoCliente);
  const plano = contrato.plano ?? {};
  // Its items that are not cancelled (DESIGN 11): what the contract bills.
  const itens = (contrato.itens ?? []).filter((i) => i.status !== 'cancelado');
  const numero = formatNumero(contrato.id);
  return (
    <Box>
      <DocumentHeader
        title={translate('app.contratos.doc.title')}
        subtitle={translate('app.contratos.doc.numero', { numero })}
        issuer={<CompanyBlock empresa={empresa} />}
      />
      <PrintSection title="app.contratos.doc.contratante">
        <InfoGrid items={clienteItems(cliente, linkCliente)} />
      </PrintSection>
      <PrintSection title="app.contratos.doc.veiculos">
        <PrintTable columns={veiculoColumns} rows={veiculos} rowKey={(v) => v.id} empty="app.contratos.doc.sem_veiculos" />
      </PrintSection>
      {itens.length ? (
        <PrintSection title="app.contratos.doc.itens">
          <PrintTable columns={itemColumns} rows={itens} rowKey={(i) => i.id} />
        </PrintSection>
      ) : null}
      <PrintSection title="app.contratos.doc.plano_servico">
        <PrintTable columns={planoColumns} rows={[{ plano, veiculos: veiculos.length }]} rowKey={() => 'plano'} />
        {plano.informacoes ? (
          <Box sx={{ mt: 1 }}>
            <PrintText>{plano.informacoes}</PrintText>
          </Box>
        ) : null}
      </PrintSection>
      <PrintSection title="app.contratos.doc.termos">
        <PrintText>{contrato.informacoes || translate('app.contratos.doc.sem_termos')}</PrintText>
      </PrintSection>
      <SignatureLines
        signatories={[
          {
            name: empresa?.nome ?? '',
            role: 'app.contratos.doc.contratada',
            detail: empresa?.cnpj ? formatCpfCnpj(empresa.cnpj) : undefined,
          },
          {
            name: clienteNome(cliente),
            role: 'app.contratos.doc.contratante_assinatura',
            detail: formatCpfCnpj(clienteDocumento(cliente)) || undefined,
          },
        ]}
      />
    </Box>
  );
}
