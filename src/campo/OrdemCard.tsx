/** One order on the técnico's phone: who, where (a maps link), the client's phones, the type, time and status. */
import * as React from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatPhone } from '../../domain/formatters';
import { ORDEM_STATUS } from '../../domain/ordensservicos';
import { translate as t } from './i18n';
import type { OrdemCampo } from './api';
import { botaoSx, Selo } from './Selo';
import type { OrdemVista } from './vista';

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
    <Selo cor={color} data-testid="status">
      {label}
    </Selo>
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {ordem.navegacao && (
          <Box component="a" href={ordem.navegacao} target="_blank" rel="noopener" sx={botaoSx()}>
            {t('app.campo.mapa')}
          </Box>
        )}
        {ordem.cliente.phones.map((phone) => (
          <Box
            component="a"
            key={phone}
            href={`tel:${phone}`}
            aria-label={t('app.campo.ligar', { phone: formatPhone(phone) })}
            sx={botaoSx()}
          >
            {formatPhone(phone)}
          </Box>
        ))}
      </Box>
    </>
  );
}

export function OrdemCard({ ordem, hoje }: { ordem: OrdemVista; hoje: boolean }) {
  const quando = [hoje || !ordem.agendamento ? null : diaCurto(ordem.agendamento), ordem.horario || t('app.campo.sem_horario')]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper component="article" variant="outlined" aria-labelledby={`ordem-${ordem.id}`}>
      <Box sx={{ p: 2, pb: 1 }}>
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
        <Box sx={{ mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <StatusOrdem ordem={ordem} />
          {ordem.pendentes > 0 && <Selo cor="warning">{t('app.campo.pendentes', { smart_count: ordem.pendentes })}</Selo>}
        </Box>
        <ContatoCliente ordem={ordem} />
      </Box>
      <Box sx={{ px: 2, pb: 2, pt: 1 }}>
        <Box
          component={RouterLink}
          to={`/campo/${ordem.id}`}
          sx={{ ...botaoSx('contained'), display: 'flex', width: '100%', minHeight: 48 }}
          aria-label={`${t('app.campo.abrir')} ${ordem.cliente.name}`}
        >
          {t('app.campo.abrir')}
        </Box>
      </Box>
    </Paper>
  );
}
