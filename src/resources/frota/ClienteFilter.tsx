/** The list's client filter: type part of a name or document, pick the client (searched on the server, 100,000 clients). */
import * as React from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useDataProvider, useListContext, useTranslate } from 'ra-core';
import { clienteNome } from '../../../domain/clientes';

interface Opcao {
  id: number;
  nome: string;
}

/** The list's client filter (its `idcliente`). */
export function ClienteFilter() {
  const { filterValues, setFilters } = useListContext();
  return (
    <ClientePicker
      value={Number(filterValues.idcliente) || null}
      onChange={(id) => {
        const next = { ...filterValues };
        if (id) next.idcliente = id;
        else delete next.idcliente;
        setFilters(next, undefined, false);
      }}
    />
  );
}

/** A client picked by name or document; `value` is its id (null: any). */
export function ClientePicker({ value: idcliente, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [term, setTerm] = React.useState('');
  const [options, setOptions] = React.useState<Opcao[]>([]);
  const [chosen, setChosen] = React.useState<Opcao | null>(null);

  React.useEffect(() => {
    if (!idcliente || chosen?.id === idcliente) return;
    let live = true;
    dataProvider
      .getOne('clientes', { id: idcliente })
      .then(({ data }) => live && setChosen({ id: idcliente, nome: clienteNome(data) }))
      .catch(() => live && setChosen({ id: idcliente, nome: `#${idcliente}` }));
    return () => {
      live = false;
    };
  }, [idcliente, chosen?.id, dataProvider]);

  React.useEffect(() => {
    const pesquisa = term.trim();
    if (pesquisa.length < 2) return;
    let live = true;
    const timer = setTimeout(() => {
      dataProvider
        .getList('clientes', { filter: { pesquisa }, pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' } })
        .then(({ data }) => live && setOptions(data.map((c) => ({ id: Number(c.id), nome: clienteNome(c) }))))
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, dataProvider]);

  // The filter cleared elsewhere (Todos) clears the box; fewer than 2 letters list nothing.
  const shown = idcliente ? chosen : null;
  const listed = term.trim().length < 2 ? [] : options;
  return (
    <Autocomplete<Opcao>
      size="small"
      sx={{ width: 260 }}
      options={shown && !listed.some((o) => o.id === shown.id) ? [shown, ...listed] : listed}
      value={shown}
      filterOptions={(x) => x}
      getOptionLabel={(option) => option.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={term.trim().length < 2 ? translate('app.frota.cliente_digite') : translate('app.frota.cliente_nenhum')}
      onInputChange={(_event, value, reason) => reason === 'input' && setTerm(value)}
      onChange={(_event, value) => {
        setChosen(value);
        onChange(value?.id ?? null);
      }}
      renderInput={(params) => <TextField {...params} label={translate('app.frota.cliente')} />}
    />
  );
}
