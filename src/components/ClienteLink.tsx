/**
 * A client's name wherever it is shown: a link to the client's page (/clientes/{id}/show, DESIGN
 * 10). A click on it does not also click the row it sits in. On paper (a printed A4 page) it is
 * plain text. In a list's table it is one line, cut with "…", the whole name on hover (ListTable).
 */
import * as React from 'react';
import { Link as MuiLink, Typography } from '@mui/material';
import { LinkBase as Link } from 'ra-core';
import { clienteDocumento, clienteNome, type ClienteIdentity } from '../../domain/clientes';
import { formatCpfCnpj } from '../../domain/formatters';

export const clientePagina = (id: number | string) => `/clientes/${id}/show`;

/** The class a list's table cuts to one line (ListTable). */
export const CLIENTE_LINK_CLASS = 'ClienteLink';

export function ClienteLink({ id, cliente, nome }: { id?: number | string | null; cliente?: ClienteIdentity | null; nome?: string }) {
  const text = nome ?? clienteNome(cliente);
  if (!id || !text)
    return (
      <span className={CLIENTE_LINK_CLASS} title={text || undefined}>
        {text}
      </span>
    );
  return (
    <MuiLink
      component={Link}
      to={clientePagina(id)}
      className={CLIENTE_LINK_CLASS}
      title={text}
      underline="hover"
      sx={{ '@media print': { color: 'inherit', textDecoration: 'none' } }}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      {text}
    </MuiLink>
  );
}

/**
 * A list's client cell: the name (its page's link) and the CPF/CNPJ under it, each on one line;
 * the finance lists' columns and row actions fit a 1366 px screen beside the menu (issue 30).
 */
export function ClienteComDocumento({ id, cliente }: { id?: number | string | null; cliente?: ClienteIdentity | null }) {
  const documento = formatCpfCnpj(clienteDocumento(cliente));
  return (
    <>
      <ClienteLink id={id} cliente={cliente} />
      {documento ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          {documento}
        </Typography>
      ) : null}
    </>
  );
}
