/**
 * Link a conversation to a client, or change or clear it (PUT /v1/conversas/{id} { idcliente }):
 * a search of the clients (GET /v1/clientes?pesquisa=) in a dialog; a result picked is the client.
 */
import * as React from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { clienteDocumento, clienteNome } from '../../../domain/clientes';
import { formatCpfCnpj } from '../../../domain/formatters';
import type { ListReply } from '../../dataProvider/query';
import { useApiGet } from '../../dataProvider/useApiGet';
import type { ClienteResumo } from '../../resources/clientes/types';

export function VincularCliente(props: {
  open: boolean;
  onClose: () => void;
  atual: number | null;
  onEscolher: (idcliente: number | null) => void | Promise<void>;
}) {
  const { open, onClose, atual, onEscolher } = props;
  const translate = useTranslate();
  const [texto, setTexto] = React.useState('');
  const [termo, setTermo] = React.useState('');
  React.useEffect(() => {
    const timer = window.setTimeout(() => setTermo(texto.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [texto]);
  const url = open && termo ? `/v1/clientes?${new URLSearchParams({ page: '1', pageSize: '10', pesquisa: termo.slice(0, 100) })}` : null;
  const { data } = useApiGet<ListReply<ClienteResumo>>(url);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.atendimento.vincular_titulo')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          margin="dense"
          label={translate('app.atendimento.pesquisar_cliente')}
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {termo && data && !data.Items.length ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.atendimento.nenhum_cliente')}
          </Typography>
        ) : null}
        <List dense>
          {(data?.Items ?? []).map((c) => (
            <ListItemButton key={c.id} selected={c.id === atual} onClick={() => void onEscolher(Number(c.id))}>
              <ListItemText primary={clienteNome(c)} secondary={formatCpfCnpj(clienteDocumento(c)) || undefined} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        {atual ? (
          <Button color="error" onClick={() => void onEscolher(null)}>
            {translate('app.atendimento.desvincular')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
