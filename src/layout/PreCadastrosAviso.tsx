/**
 * The top bar's bell (issue 30): how many pre-registrations from the public link wait for staff,
 * read again every minute and whenever the clients change; a link to the clients list filtered to
 * them. Nothing waiting: a plain bell that says so.
 */
import * as React from 'react';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { LinkBase as Link, useGetList, useTranslate } from 'ra-core';

const REFRESH_MS = 60_000;
const FILTER = { revisao: 1 };
export const PRECADASTROS_LINK = `/clientes?${new URLSearchParams({ filter: JSON.stringify(FILTER) }).toString()}`;

export function PreCadastrosAviso() {
  const translate = useTranslate();
  const { total } = useGetList(
    'clientes',
    { filter: FILTER, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true },
  );
  const n = total ?? 0;
  const label = n ? translate('app.appbar.precadastros', { smart_count: n }) : translate('app.appbar.precadastros_nenhum');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={Link} to={PRECADASTROS_LINK} aria-label={label}>
        <Badge badgeContent={n} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
