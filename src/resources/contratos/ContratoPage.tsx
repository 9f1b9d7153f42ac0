/**
 * /contratos/{id}, the contract's printable document for staff (SPEC 2.12): GET /v1/contratos/{id},
 * the client's vehicles (GET /v1/veiculos?idcliente=) and the company's header (the signed-in
 * user's dadosempresa, as the profile reads it); Enviar, Imprimir (after 1 s) and Sair.
 */
import * as React from 'react';
import { useGetList, useGetOne } from 'ra-core';
import { RecordDocumentPage } from '../../print/RecordDocumentPage';
import { useDadosempresa } from '../../print/useDadosempresa';
import { ContratoDocument } from './ContratoDocument';
import type { Contrato, ContratoVeiculo } from './types';

export default function ContratoPage({ id }: { id: number }) {
  const { data: contrato, isPending, error } = useGetOne<Contrato>('contratos', { id });
  const idcliente = contrato?.idcliente;
  const { data: veiculos, isPending: veiculosPending } = useGetList<ContratoVeiculo>(
    'veiculos',
    { filter: { idcliente }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: !!idcliente },
  );
  const empresa = useDadosempresa();
  const ready = !!contrato && !veiculosPending;

  return (
    <RecordDocumentPage
      resource="contratos"
      record={contrato}
      isPending={isPending}
      error={error}
      ready={ready}
      notFound="app.contratos.doc.not_found"
    >
      {(record) => <ContratoDocument contrato={record} veiculos={veiculos ?? []} empresa={empresa} linkCliente />}
    </RecordDocumentPage>
  );
}
