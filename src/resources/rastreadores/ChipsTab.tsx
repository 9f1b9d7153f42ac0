/**
 * Tab Chips of a saved tracker: its chip (number, ICCID, operadora) with Desconectar, or the free
 * chips only (GET /v1/chips?deviceId=0, searchable) each with Conectar. Both are a PUT of the
 * tracker with the new chipId (0 to disconnect); the record is read again afterwards.
 */
import * as React from 'react';
import SimCardIcon from '@mui/icons-material/SimCardOutlined';
import { Box, Button, Card, CardActions, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useGetList, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'ra-core';
import { formatPhone } from '../../../domain/formatters';
import { InlineSearch } from '../../components/InlineSearch';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import type { Chip } from '../chips/types';
import type { Tracker } from './types';

const FREE_CHIPS = 20;

function useSetChip(tracker: Tracker) {
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<Tracker>();
  const setChip = (chipId: number) =>
    update(
      'rastreadores',
      { id: tracker.id, data: { ...tracker, chipId }, previousData: tracker },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.notify.updated', { type: 'success' });
          // The tracker (this form's record), the chip and both lists change together.
          refresh();
        },
        onError: (error) => {
          onError(error);
          // A refusal (409) means the lists shown are stale: read them again.
          refresh();
        },
      },
    );
  return { setChip, isPending };
}

function ConnectedChip({ tracker }: { tracker: Tracker }) {
  const translate = useTranslate();
  const { setChip, isPending } = useSetChip(tracker);
  return (
    <Card variant="outlined" sx={{ width: '100%' }} component="section" aria-label={translate('app.rastreadores.chip_connected')}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <SimCardIcon color="primary" />
        <Box>
          <Typography variant="overline" color="text.secondary">
            {translate('app.rastreadores.chip_connected')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{formatPhone(tracker.phone)}</Typography>
          <Typography variant="body2">
            {translate('resources.chips.fields.iccid')}: {tracker.iccid}
          </Typography>
          {tracker.operadora ? (
            <Typography variant="body2" color="text.secondary">
              {translate('resources.chips.fields.operadora')}: {tracker.operadora}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button color="warning" variant="outlined" disabled={isPending} onClick={() => setChip(0)}>
          {translate('app.rastreadores.disconnect')}
        </Button>
      </CardActions>
    </Card>
  );
}

function FreeChips({ tracker }: { tracker: Tracker }) {
  const translate = useTranslate();
  const { setChip, isPending } = useSetChip(tracker);
  const [term, setTerm] = React.useState('');
  const { data, isPending: loading } = useGetList<Chip>('chips', {
    filter: term ? { deviceId: 0, pesquisa: term } : { deviceId: 0 },
    pagination: { page: 1, perPage: FREE_CHIPS },
    sort: { field: 'id', order: 'DESC' },
  });
  // Only free chips can be connected (SPEC section 5), whatever the server sends.
  const free = (data ?? []).filter((chip) => !Number(chip.deviceId));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', pt: 1 }}>
      <InlineSearch label="app.rastreadores.chip_search" onSearch={setTerm} />
      <Box component="section" aria-label={translate('app.rastreadores.chip_free')} sx={{ width: '100%' }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          {translate('app.rastreadores.chip_free')}
        </Typography>
        {loading ? null : free.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate('app.rastreadores.chip_none')}
          </Typography>
        ) : (
          <List dense>
            {free.map((chip) => (
              <ListItem
                key={chip.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    variant="contained"
                    disabled={isPending}
                    aria-label={translate('app.rastreadores.connect_chip', { phone: formatPhone(chip.phone) })}
                    onClick={() => setChip(Number(chip.id))}
                  >
                    {translate('app.rastreadores.connect')}
                  </Button>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <SimCardIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={formatPhone(chip.phone)}
                  secondary={[chip.iccid, chip.operadora, chip.fonecedor].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

export function ChipsTab() {
  const tracker = useRecordContext<Tracker>();
  if (!tracker?.id) return null;
  return Number(tracker.chipId) > 0 ? <ConnectedChip tracker={tracker} /> : <FreeChips tracker={tracker} />;
}
