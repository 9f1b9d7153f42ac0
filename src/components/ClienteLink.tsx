/**
 * A client's name wherever it is shown: a link to the client's page (/clientes/{id}/show, DESIGN
 * 10). A click on it does not also click the row it sits in. On paper (a printed A4 page) it is
 * plain text.
 */
import * as React from 'react';
import { Link as MuiLink } from '@mui/material';
import { LinkBase as Link } from 'ra-core';
import { clienteNome, type ClienteIdentity } from '../../domain/clientes';

export const clientePagina = (id: number | string) => `/clientes/${id}/show`;

export function ClienteLink({ id, cliente, nome }: { id?: number | string | null; cliente?: ClienteIdentity | null; nome?: string }) {
  const text = nome ?? clienteNome(cliente);
  if (!id || !text) return <>{text}</>;
  return (
    <MuiLink
      component={Link}
      to={clientePagina(id)}
      underline="hover"
      sx={{ '@media print': { color: 'inherit', textDecoration: 'none' } }}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      {text}
    </MuiLink>
  );
}
