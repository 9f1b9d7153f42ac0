/**
 * /contratos/{id}, the contract's printable document for staff (SPEC 2.12): GET /v1/contratos/{id},
 * the client's vehicles (GET /v1/veiculos?idcliente=) and the company's header (the signed-in
 * user's dadosempresa, as the profile reads it); Enviar, Imprimir (after 1 s) and Sair.
 */
import * as React from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useGetList, useGetOne, useTranslate } from 'ra-core';
import { EnviarButton } from '../../components/EnviarButton';
import { ExitButton, PrintButton } from '../../print/PrintButtons';
import { PrintPage } from '../../print/PrintPage';
import { useDadosempresa } from '../../print/useDadosempresa';
import { ContratoDocument } from './ContratoDocument';
import type { Contrato, ContratoVeiculo } from './types';

export default function ContratoPage({ id }: { id: number }) {
  const translate = useTranslate();
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
    <PrintPage
      actions={
        <>
          {contrato ? <EnviarButton resource="contratos" id={contrato.id} /> : null}
          <PrintButton disabled={!ready} />
          <ExitButton to="/contratos" />
        </>
      }
    >
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : error || !contrato ? (
        <Alert severity="error">{translate('app.contratos.doc.not_found')}</Alert>
      ) : (
        <ContratoDocument contrato={contrato} veiculos={veiculos ?? []} empresa={empresa} />
      )}
    </PrintPage>
  );
}
