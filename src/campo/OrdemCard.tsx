/** One order on the técnico's phone: who, where (a maps link), the client's phones, the type, time and status. */
import * as React from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatPhone } from '../../domain/formatters';
import { ORDEM_STATUS } from '../../domain/ordensservicos';
import { translate as t } from '../public/i18n';
import type { OrdemCampo } from './api';

/** The order's status as the phone shows it: a rejected order (back to Em aberto) reads its reason. */
export function StatusOrdem({ ordem }: { ordem: OrdemCampo }) {
  const [label, color] =
    ordem.status === ORDEM_STATUS.CONCLUIDO
      ? [t('app.campo.status.concluido'), 'success' as const]
      : ordem.status === ORDEM_STATUS.AGUARDANDO_APROVACAO
        ? [t('app.campo.status.aguardando'), 'warning' as const]
        : ordem.rejeicao?.motivo
          ? [t('app.campo.reprovada', { motivo: ordem.rejeicao.motivo }), 'error' as const]
          : [t('app.campo.status.aberto'), 'default' as const];
  return (
    <Chip
      label={label}
      color={color}
      size="small"
      data-testid="status"
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/** 'YYYY-MM-DD' → 'qui., 28/11'. */
export const diaCurto = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString('pt-BR', { weekday: 'short', day: '2-digit', month: '2-digit' });

export const tipoDe = (tipo: string) => t(`app.campo.tipos.${tipo}`, { _: tipo });

/** The client's address with the maps link, and each phone as a tel: link. */
export function ContatoCliente({ ordem }: { ordem: OrdemCampo }) {
  return (
    <>
      {ordem.cliente.endereco ? (
        <Typography variant="body2">{ordem.cliente.endereco}</Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('app.campo.sem_endereco')}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {ordem.navegacao && (
          <Button variant="outlined" size="small" href={ordem.navegacao} target="_blank" rel="noopener" sx={{ minHeight: 44 }}>
            {t('app.campo.mapa')}
          </Button>
        )}
        {ordem.cliente.phones.map((phone) => (
          <Button
            key={phone}
            variant="outlined"
            size="small"
            href={`tel:${phone}`}
            aria-label={t('app.campo.ligar', { phone: formatPhone(phone) })}
            sx={{ minHeight: 44 }}
          >
            {formatPhone(phone)}
          </Button>
        ))}
      </Stack>
    </>
  );
}

export function OrdemCard({ ordem, hoje }: { ordem: OrdemCampo; hoje: boolean }) {
  const quando = [hoje || !ordem.agendamento ? null : diaCurto(ordem.agendamento), ordem.horario || t('app.campo.sem_horario')]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card component="article" variant="outlined" aria-labelledby={`ordem-${ordem.id}`}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {tipoDe(ordem.tipo)} · {quando}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            #{ordem.id}
          </Typography>
        </Box>
        <Typography id={`ordem-${ordem.id}`} component="h3" variant="h6" sx={{ lineHeight: 1.3, my: 0.5 }}>
          {ordem.cliente.name}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <StatusOrdem ordem={ordem} />
        </Box>
        <ContatoCliente ordem={ordem} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={`/campo/${ordem.id}`}
          variant="contained"
          fullWidth
          sx={{ minHeight: 48 }}
          aria-label={`${t('app.campo.abrir')} ${ordem.cliente.name}`}
        >
          {t('app.campo.abrir')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** Link to the list, for the order's page. */
export const VoltarLink = () => (
  <Link component={RouterLink} to="/campo" sx={{ display: 'inline-block', py: 1.5 }}>
    ← {t('app.campo.voltar')}
  </Link>
);
