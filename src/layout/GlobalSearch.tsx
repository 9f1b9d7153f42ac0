/**
 * The top bar's search box (DESIGN 10, "One page per client, one search box"): `GET /v1/busca` as
 * the user types, results grouped by kind, arrow keys move, Enter opens the highlighted one (the
 * first by default), `/` anywhere focuses the box.
 */
import * as React from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Box, InputAdornment, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatDate, formatMoney, formatNumero, formatPhone } from '../../domain/formatters';
import { apiFetch } from '../dataProvider/http';

/** One result as the box lists it. */
export interface BuscaOpcao {
  kind: string;
  id: number;
  primary: string;
  secondary: string;
  to: string;
}

type Row = Record<string, unknown> & { id: number; cliente?: { id: number; nome: string } | null };
export type BuscaReply = Record<string, Row[]>;

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const join = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ');

/** Each kind in the order the box shows them: its route and how a row reads. */
const KINDS: { kind: string; to: (row: Row) => string; primary: (row: Row) => string; secondary: (row: Row) => string }[] = [
  {
    kind: 'clientes',
    to: (r) => `/clientes/${r.id}/show`,
    primary: (r) => str(r.nome),
    secondary: (r) => join(formatNumero(r.id), formatCpfCnpj(r.documento)),
  },
  {
    kind: 'veiculos',
    to: (r) => `/veiculos/${r.id}`,
    primary: (r) => join(r.placa, [r.marca, r.modelo].filter(Boolean).join(' ')),
    secondary: (r) => join(r.cliente?.nome),
  },
  {
    kind: 'trackres',
    to: (r) => `/rastreadores/${r.id}`,
    primary: (r) => str(r.imei),
    secondary: (r) => join([r.marca, r.modelo].filter(Boolean).join(' '), r.placa),
  },
  {
    kind: 'chips',
    to: (r) => `/chips/${r.id}`,
    primary: (r) => str(r.iccid),
    secondary: (r) => join(formatPhone(r.phone), r.operadora, r.imei),
  },
  {
    kind: 'cobrancas',
    to: (r) => `/cobrancas/${r.id}`,
    primary: (r) => join(formatNumero(r.id), r.descricao),
    secondary: (r) => join(r.cliente?.nome, formatMoney(r.valor), formatDate(r.duedate)),
  },
  {
    kind: 'contratos',
    to: (r) => `/contratos/${r.id}`,
    primary: (r) => join(formatNumero(r.id), r.plano),
    secondary: (r) => join(r.cliente?.nome),
  },
  {
    kind: 'ordensservicos',
    to: (r) => `/ordensservicos/${r.id}`,
    primary: (r) => join(formatNumero(r.id), r.descricao),
    secondary: (r) => join(r.cliente?.nome, formatDate(r.agendamento)),
  },
  {
    kind: 'users',
    to: (r) => `/usuarios/${r.id}`,
    primary: (r) => str(r.name),
    secondary: (r) => join(r.email),
  },
];

/** The reply as one list, kind after kind. */
export function buscaOpcoes(reply: BuscaReply | undefined): BuscaOpcao[] {
  if (!reply) return [];
  return KINDS.flatMap(({ kind, to, primary, secondary }) =>
    (reply[kind] ?? []).map((row) => ({ kind, id: row.id, primary: primary(row), secondary: secondary(row), to: to(row) })),
  );
}

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 200;

/** A key typed into no field: `/` there focuses the box. */
const typingSomewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function GlobalSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [input, setInput] = React.useState('');
  const [state, setState] = React.useState<{ q: string; options: BuscaOpcao[] }>({ q: '', options: [] });
  const [open, setOpen] = React.useState(false);
  const term = input.trim();

  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingSomewhere(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  React.useEffect(() => {
    if (!term) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<BuscaReply>(`/v1/busca?q=${encodeURIComponent(term)}`, { signal: controller.signal })
        .then((reply) => setState({ q: term, options: buscaOpcoes(reply) }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ q: term, options: [] });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const loading = Boolean(term) && state.q !== term;
  // Only the results of what is typed now: Enter never opens a result of an earlier term.
  const options = term && state.q === term ? state.options : [];
  const label = translate('app.busca.label');

  return (
    <Autocomplete<BuscaOpcao, false, false, false>
      autoHighlight
      clearOnBlur={false}
      open={open && Boolean(term)}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(all) => all}
      groupBy={(option) => translate(`app.busca.kinds.${option.kind}`)}
      getOptionLabel={(option) => option.primary}
      getOptionKey={(option) => `${option.kind}-${option.id}`}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      value={null}
      onChange={(_event, value) => {
        if (!value) return;
        setOpen(false);
        setInput('');
        inputRef.current?.blur();
        navigate(value.to);
      }}
      loading={loading}
      popupIcon={null}
      loadingText={translate('app.busca.loading')}
      noOptionsText={translate('app.busca.nenhum')}
      sx={{ flex: { xs: 1, sm: '0 1 380px' }, minWidth: 0, mx: { xs: 0.5, sm: 2 } }}
      // On a phone the results take the screen's width (kept inside it), wider than the box.
      slotProps={{
        paper: { sx: { minWidth: phone ? 0 : 420 } },
        popper: {
          placement: 'bottom-start',
          sx: phone ? { width: 'calc(100vw - 16px) !important' } : undefined,
          modifiers: [{ name: 'preventOverflow', options: { padding: 8 } }],
        },
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as React.HTMLAttributes<HTMLLIElement> & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2" noWrap>
              {option.primary}
            </Typography>
            {option.secondary ? (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.secondary}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          size="small"
          variant="outlined"
          placeholder={phone ? translate('app.busca.placeholder_curto') : translate('app.busca.placeholder')}
          slotProps={{
            htmlInput: { ...params.inputProps, 'aria-label': label },
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{
            '& .MuiOutlinedInput-root': { bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit', py: '2px !important' },
            '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.3)' },
            '& .MuiOutlinedInput-root:hover .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.6)' },
            '& .MuiOutlinedInput-root.Mui-focused': { bgcolor: 'background.paper', color: 'text.primary' },
            '& input::placeholder': { color: 'inherit', opacity: 0.8 },
          }}
        />
      )}
    />
  );
}
