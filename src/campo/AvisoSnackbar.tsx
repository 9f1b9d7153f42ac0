/** /campo's message (MUI's Snackbar, ~5 KB gzipped): loaded with the first message, never by the first paint. */
import { Alert, Snackbar } from '@mui/material';
import type { Aviso } from './contexto';

export default function AvisoSnackbar({ aviso, fechar }: { aviso: Aviso | null; fechar: () => void }) {
  return (
    <Snackbar
      open={aviso !== null}
      autoHideDuration={aviso?.tipo === 'error' ? 8000 : 4000}
      onClose={(_event, reason) => reason !== 'clickaway' && fechar()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert variant="filled" severity={aviso?.tipo ?? 'error'} onClose={fechar} sx={{ width: '100%' }}>
        {aviso?.texto}
      </Alert>
    </Snackbar>
  );
}
