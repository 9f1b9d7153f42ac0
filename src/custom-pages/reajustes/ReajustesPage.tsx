/**
 * /reajustes (Financeiro → Reajustes, DESIGN 11): the yearly readjustments the daily job proposed,
 * by competência and status; a missing index figure is typed here (PUT /v1/reajustes/{id}); each
 * shows the monthly total now and after; administrators apply one or the selected ones (POST
 * …/aplicar, audited, the client told by WhatsApp); staff discard. At 1366 px a table, on a phone cards.
 */
import * as React from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Link as MuiLink,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { LinkBase, useNotify, useTranslate } from 'ra-core';
import { formatMoney, formatNumero } from '../../../domain/formatters';
import { isAdmin } from '../../../domain/permissions';
import {
  somarMeses,
  REAJUSTE_INDICE_LABELS,
  REAJUSTE_STATUS,
  REAJUSTE_STATUS_LABELS,
  type ReajusteIndice,
  type ReajusteStatus,
} from '../../../domain/reajuste';
import { getSessionUser } from '../../authProvider';
import { PageTitle } from '../../components/PageTitle';
import { SelectBox } from '../../components/SelectBox';
import { SmallTable, type SmallColumn } from '../../components/SmallTable';
import { apiFetch } from '../../dataProvider/http';
import { useApiGet } from '../../dataProvider/useApiGet';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';

interface Reajuste {
  id: number;
  idcontrato: number;
  cliente: string;
  competencia: string;
  indice: ReajusteIndice;
  percentual: number | null;
  origem: string;
  status: ReajusteStatus;
  totalAtual: number;
  totalNovo: number;
}

const STATUS_COLOR: Record<ReajusteStatus, 'warning' | 'info' | 'success' | 'default'> = {
  aguardando_indice: 'warning',
  proposto: 'info',
  aplicado: 'success',
  descartado: 'default',
};
const competenciaBr = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`;
/** The competências offered: a year back and a year ahead of this month, newest first. */
const COMPETENCIAS = (() => {
  const atual = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  return Array.from({ length: 25 }, (_, i) => somarMeses(atual, 12 - i));
})();
/** The list's filters: all ('Todos') or one value. */
const FILTROS = [
  { nome: 'competencia', label: 'app.reajustes.competencia', values: COMPETENCIAS, optionLabel: competenciaBr, minWidth: 160 },
  {
    nome: 'status',
    label: 'app.reajustes.status',
    values: REAJUSTE_STATUS,
    optionLabel: (s: string) => REAJUSTE_STATUS_LABELS[s as ReajusteStatus],
    minWidth: 200,
  },
] as const;
const pendente = (r: Reajuste) => r.status === 'aguardando_indice' || r.status === 'proposto';

/** The figure typed for one readjustment, saved with Salvar (Enter too). */
function PercentualInput({ reajuste, onSaved }: { reajuste: Reajuste; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [valor, setValor] = React.useState(reajuste.percentual === null ? '' : String(reajuste.percentual).replace('.', ','));
  const [erro, setErro] = React.useState('');
  if (!pendente(reajuste)) return <>{reajuste.percentual === null ? '—' : `${String(reajuste.percentual).replace('.', ',')}%`}</>;
  const salvar = async () => {
    try {
      await apiFetch(`/v1/reajustes/${reajuste.id}`, { method: 'PUT', body: { percentual: valor } });
      setErro('');
      notify('app.reajustes.salvo', { type: 'success' });
      onSaved();
    } catch (error) {
      onError(error);
      setErro(serverFieldErrors(error).percentual ?? translate('app.reajustes.percentual_invalido'));
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        value={valor}
        onChange={(e) => setValor(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void salvar();
        }}
        error={!!erro}
        helperText={erro || undefined}
        placeholder="4,5"
        sx={{ width: 96 }}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'aria-label': translate('app.reajustes.percentual_de', { id: reajuste.idcontrato }) },
        }}
      />
      <Button size="small" onClick={() => void salvar()}>
        {translate('ra.action.save')}
      </Button>
    </Stack>
  );
}

export default function ReajustesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const admin = isAdmin(getSessionUser());
  const [filtros, setFiltros] = React.useState({ competencia: '', status: '' });
  const [selecionados, setSelecionados] = React.useState<number[]>([]);
  const query = new URLSearchParams({ pageSize: '500' });
  if (filtros.competencia) query.set('competencia', filtros.competencia);
  if (filtros.status) query.set('status', filtros.status);
  const lido = useApiGet<{ Items: Reajuste[]; meta: { total: number } }>(`/v1/reajustes?${query}`);
  const rows = lido.data?.Items ?? null;
  const total = lido.data?.meta.total ?? 0;
  const carregar = lido.reload;
  React.useEffect(() => {
    if (lido.error) onError(lido.error);
  }, [lido.error, onError]);
  // Only what can still be applied stays selected.
  const aplicaveis = selecionados.filter((id) => rows?.some((r) => r.id === id && r.status === 'proposto'));

  const agir = async (url: string, body: unknown, mensagem: string) => {
    try {
      const reply = await apiFetch<{ aplicados?: number }>(url, { method: 'POST', body });
      notify(mensagem, { type: 'success', messageArgs: { smart_count: reply?.aplicados ?? 1 } });
      setSelecionados([]);
      carregar();
    } catch (error) {
      onError(error);
    }
  };
  const aplicar = (r: Reajuste) => agir(`/v1/reajustes/${r.id}/aplicar`, {}, 'app.reajustes.aplicado');
  const descartar = (r: Reajuste) => agir(`/v1/reajustes/${r.id}/descartar`, {}, 'app.reajustes.descartado');
  const aplicarSelecionados = () => agir('/v1/reajustes/aplicar', { ids: aplicaveis }, 'app.reajustes.aplicados');
  const alternar = (id: number) => setSelecionados((atual) => (atual.includes(id) ? atual.filter((x) => x !== id) : [...atual, id]));

  const contrato = (r: Reajuste) => (
    <MuiLink component={LinkBase} to={`/contratos/${r.idcontrato}`}>
      {translate('app.reajustes.contrato_n', { numero: formatNumero(r.idcontrato) })}
    </MuiLink>
  );
  const chip = (r: Reajuste) => <Chip size="small" color={STATUS_COLOR[r.status]} label={REAJUSTE_STATUS_LABELS[r.status]} />;
  const valores = (r: Reajuste) =>
    r.status === 'aguardando_indice' ? formatMoney(r.totalAtual) : `${formatMoney(r.totalAtual)} → ${formatMoney(r.totalNovo)}`;
  const acoes = (r: Reajuste) =>
    pendente(r) ? (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        {admin ? (
          <Button size="small" variant="contained" disabled={r.status !== 'proposto'} onClick={() => void aplicar(r)}>
            {translate('app.reajustes.aplicar')}
          </Button>
        ) : null}
        <Button size="small" color="error" onClick={() => void descartar(r)}>
          {translate('app.reajustes.descartar')}
        </Button>
      </Stack>
    ) : null;
  const selecao = (r: Reajuste) =>
    admin && r.status === 'proposto' ? (
      <Checkbox
        size="small"
        checked={selecionados.includes(r.id)}
        onChange={() => alternar(r.id)}
        slotProps={{ input: { 'aria-label': translate('app.reajustes.selecionar', { id: formatNumero(r.idcontrato) }) } }}
      />
    ) : null;

  const columns: SmallColumn<Reajuste>[] = [
    ...(admin ? [{ render: selecao, sx: { width: 40 } }] : []),
    { label: 'app.reajustes.contrato', render: contrato },
    { label: 'app.reajustes.cliente', render: (r) => r.cliente },
    { label: 'app.reajustes.competencia', render: (r) => competenciaBr(r.competencia) },
    { label: 'app.reajustes.indice', render: (r) => REAJUSTE_INDICE_LABELS[r.indice] ?? r.indice },
    {
      label: 'app.reajustes.percentual',
      render: (r) => <PercentualInput key={`${r.id}-${r.percentual}`} reajuste={r} onSaved={carregar} />,
    },
    { label: 'app.reajustes.mensal', align: 'right', render: valores },
    { label: 'app.reajustes.status', render: chip },
    { render: acoes, align: 'right' },
  ];

  return (
    <Box sx={{ py: 2 }}>
      <PageTitle title={translate('app.reajustes.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.reajustes.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        {FILTROS.map(({ nome, label, ...filtro }) => (
          <SelectBox
            key={nome}
            menu
            {...filtro}
            label={translate(label)}
            value={filtros[nome]}
            onChange={(value) => setFiltros((atual) => ({ ...atual, [nome]: value }))}
            empty={translate('app.reajustes.todos')}
          />
        ))}
        {admin ? (
          <Button variant="contained" disabled={!aplicaveis.length} onClick={() => void aplicarSelecionados()}>
            {translate('app.reajustes.aplicar_selecionados', { smart_count: aplicaveis.length })}
          </Button>
        ) : null}
      </Stack>
      {rows && !rows.length ? <Alert severity="info">{translate('app.reajustes.vazio')}</Alert> : null}
      {rows?.length && !phone ? (
        <Paper variant="outlined">
          <SmallTable label={translate('app.reajustes.title')} columns={columns} rows={rows} rowKey={(r) => r.id} />
        </Paper>
      ) : null}
      {rows?.length && phone ? (
        <Stack spacing={1}>
          {rows.map((r) => (
            <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Box>
                  {selecao(r)}
                  {contrato(r)}
                </Box>
                {chip(r)}
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {r.cliente}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {competenciaBr(r.competencia)} · {REAJUSTE_INDICE_LABELS[r.indice]} · {valores(r)}
              </Typography>
              <Box sx={{ mt: 1 }}>
                <PercentualInput key={`${r.id}-${r.percentual}`} reajuste={r} onSaved={carregar} />
              </Box>
              {acoes(r)}
            </Paper>
          ))}
        </Stack>
      ) : null}
      {rows && total > rows.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.reajustes.mais', { n: rows.length, total })}
        </Typography>
      ) : null}
    </Box>
  );
}
