/**
 * A unit's stock (DESIGN 10): its situation, Movimentar (to the shelf, a técnico, repair, or a
 * baixa with its reason; instalado follows the link) and its history: who moved it, when, from
 * where to where, and for which service order. Used by the tracker's and the chip's forms.
 */
import * as React from 'react';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { LinkBase as Link, useNotify, useRefresh, useTranslate } from 'ra-core';
import { SITUACOES_MOVIMENTO, type RecursoEstoque } from '../../../domain/estoque';
import { formatDateTime } from '../../../domain/formatters';
import { apiFetch } from '../../dataProvider/http';
import { useApiGet } from '../../dataProvider/useApiGet';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { SelectBox } from '../SelectBox';
import { SituacaoChip, useTecnicos, type Estoque } from './Situacao';

interface Movimento {
  id: number;
  em: string;
  por: { id: number | null; name: string };
  de: string;
  para: string;
  idtecnico: number | null;
  tecnico: string | null;
  motivo: string;
  idordemservico: number | null;
}

function Movimentar({
  recurso,
  unit,
  onMoved,
}: {
  recurso: RecursoEstoque;
  unit: { id: number } & Estoque;
  onMoved: (unit: { id: number } & Estoque) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const { data: tecnicos } = useTecnicos();
  const [situacao, setSituacao] = React.useState('');
  const [idtecnico, setIdtecnico] = React.useState('');
  const [motivo, setMotivo] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [saving, setSaving] = React.useState(false);
  if (unit.situacao === 'instalado')
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.estoque.instalado_aviso')}
      </Typography>
    );
  const submit = async () => {
    setSaving(true);
    setErrors({});
    try {
      const moved = await apiFetch<{ id: number } & Estoque>(`/v1/${recurso}/${unit.id}/movimentos`, {
        method: 'POST',
        body: { situacao, ...(situacao === 'tecnico' ? { idtecnico: Number(idtecnico) || null } : {}), ...(motivo ? { motivo } : {}) },
      });
      notify('app.estoque.movida', { type: 'success' });
      setSituacao('');
      setMotivo('');
      onMoved(moved);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      onError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    // Not a <form>: it sits inside the record's form, and a nested form would submit the record.
    <Box
      role="group"
      aria-label={translate('app.estoque.movimentar')}
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <SelectBox
        label={translate('app.estoque.mover_para')}
        value={situacao}
        onChange={setSituacao}
        values={SITUACOES_MOVIMENTO}
        optionLabel={(s) => translate(`app.estoque.situacoes.${s}`)}
        empty=""
        error={!!errors.situacao}
        helperText={errors.situacao ?? ' '}
        width={180}
      />
      {situacao === 'tecnico' ? (
        <SelectBox
          label={translate('app.estoque.tecnico')}
          value={idtecnico}
          onChange={setIdtecnico}
          values={(tecnicos ?? []).map((t) => String(t.id))}
          optionLabel={(id) => tecnicos?.find((t) => String(t.id) === id)?.name}
          empty=""
          error={!!errors.idtecnico}
          helperText={errors.idtecnico ?? ' '}
          width={220}
        />
      ) : null}
      {situacao === 'baixado' || situacao === 'manutencao' ? (
        <TextField
          size="small"
          label={translate(situacao === 'baixado' ? 'app.estoque.motivo_baixa' : 'app.estoque.motivo')}
          value={motivo}
          onChange={(event) => setMotivo(event.target.value)}
          error={!!errors.motivo}
          helperText={errors.motivo ?? (situacao === 'baixado' ? translate('app.estoque.motivo_help') : ' ')}
          required={situacao === 'baixado'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ minWidth: 240, flex: 1 }}
        />
      ) : null}
      <Button type="button" variant="contained" disabled={!situacao || saving} onClick={() => void submit()} sx={{ mt: 0.25 }}>
        {translate('app.estoque.movimentar')}
      </Button>
    </Box>
  );
}

export function MovimentosPanel({ recurso, unit: record }: { recurso: RecursoEstoque; unit: { id: number } & Estoque }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  // The unit as the last move left it (the record is read again when the dialog closes).
  const [moved, setMoved] = React.useState<({ id: number } & Estoque) | null>(null);
  const unit = moved?.id === record.id ? moved : record;
  const { data, reload } = useApiGet<{ Items: Movimento[] }>(`/v1/${recurso}/${unit.id}/movimentos`);
  // The history follows the record: a link made in another tab is a move too.
  React.useEffect(reload, [reload, record.situacao, record.idtecnico]);
  // Reading the record again here would reset the dialog to its first tab: the list behind is read when it closes.
  const movedOnce = React.useRef(false);
  React.useEffect(
    () => () => {
      if (movedOnce.current) refresh();
    },
    [refresh],
  );
  const label = (s: string) => translate(`app.estoque.situacoes.${s}`, { _: s });
  return (
    <Box
      component="section"
      aria-label={translate('app.estoque.historico')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.estoque.situacao')}:
        </Typography>
        <SituacaoChip unit={unit} />
        {unit.situacao === 'baixado' && unit.motivo ? <Typography variant="body2">{unit.motivo}</Typography> : null}
      </Box>
      <Movimentar
        recurso={recurso}
        unit={unit}
        onMoved={(next) => {
          movedOnce.current = true;
          setMoved(next);
          reload();
        }}
      />
      <Typography variant="subtitle2">{translate('app.estoque.historico')}</Typography>
      {data && data.Items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.estoque.sem_movimentos')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.estoque.historico')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.estoque.col_em')}</TableCell>
                <TableCell>{translate('app.estoque.col_por')}</TableCell>
                <TableCell>{translate('app.estoque.col_de')}</TableCell>
                <TableCell>{translate('app.estoque.col_para')}</TableCell>
                <TableCell>{translate('app.estoque.col_ordem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.Items ?? []).map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.em)}</TableCell>
                  <TableCell>{m.por.name}</TableCell>
                  <TableCell>{label(m.de)}</TableCell>
                  <TableCell>
                    {label(m.para)}
                    {m.tecnico ? ` · ${m.tecnico}` : ''}
                    {m.motivo ? ` · ${m.motivo}` : ''}
                  </TableCell>
                  <TableCell>
                    {m.idordemservico ? (
                      <Link to={`/ordenservico/${m.idordemservico}`}>{translate('app.estoque.ordem_n', { id: m.idordemservico })}</Link>
                    ) : (
                      ''
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
