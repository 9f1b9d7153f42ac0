/**
 * The dashboard of a new install (issue 30): its first steps until every one is done, each a link
 * to where it is done and checked once it is: the company's data (the name the public pages and
 * messages show), the three integrations (Traccar, WhatsApp, Asaas), the first client and the
 * first plan. Administrators only: the steps are theirs. Gone once all are done.
 */
import * as React from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Card, CardContent, LinearProgress, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { LinkBase as Link, useGetIdentity, useGetList, useGetOne, useTranslate } from 'ra-core';
import { INTEGRATION_STATUS } from '../../../domain/constants';
import { isAdmin } from '../../../domain/permissions';
import { getSessionUser } from '../../authProvider/session';

interface Empresa {
  id: number | string;
  dadosempresa?: { nome?: string };
  integrations?: Record<string, { status?: number } | undefined>;
}

const ONE = { pagination: { page: 1, perPage: 1 } };
const ativa = (empresa: Empresa | undefined, nome: string) => Number(empresa?.integrations?.[nome]?.status) === INTEGRATION_STATUS.ATIVO;

function Passos() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { data: empresa } = useGetOne<Empresa>('usuarios', { id: identity?.id ?? 0 }, { enabled: !!identity?.id });
  const clientes = useGetList('clientes', ONE);
  const planos = useGetList('planos', ONE);
  if (!empresa || clientes.total === undefined || planos.total === undefined) return null;
  const passos = [
    { chave: 'empresa', feito: !!empresa.dadosempresa?.nome?.trim(), to: '/settings/perfil/' },
    { chave: 'traccar', feito: ativa(empresa, 'traccar'), to: '/integrations/traccar' },
    { chave: 'whats', feito: ativa(empresa, 'whats'), to: '/integrations/whats' },
    { chave: 'asaas', feito: ativa(empresa, 'gateway'), to: '/integrations/mdp' },
    { chave: 'cliente', feito: clientes.total > 0, to: '/clientes/create' },
    { chave: 'plano', feito: planos.total > 0, to: '/planos/create' },
  ];
  const feitos = passos.filter((p) => p.feito).length;
  if (feitos === passos.length) return null;
  const titleId = 'primeiros-passos-title';
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {translate('app.dashboard.passos.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.dashboard.passos.progresso', { feitos, total: passos.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(feitos / passos.length) * 100}
          sx={{ my: 1 }}
          aria-label={translate('app.dashboard.passos.title')}
        />
        <List dense disablePadding sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          {passos.map((passo) => (
            <ListItemButton key={passo.chave} component={Link} to={passo.to} data-feito={passo.feito ? 'sim' : 'nao'}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {passo.feito ? (
                  <CheckCircleIcon color="success" titleAccess={translate('app.dashboard.passos.feito')} />
                ) : (
                  <RadioButtonUncheckedIcon color="action" titleAccess={translate('app.dashboard.passos.pendente')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={translate(`app.dashboard.passos.${passo.chave}`)}
                secondary={translate(`app.dashboard.passos.${passo.chave}_help`)}
                slotProps={{ primary: { sx: passo.feito ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined } }}
              />
            </ListItemButton>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

export function PrimeirosPassos() {
  return isAdmin(getSessionUser()) ? <Passos /> : null;
}
