/** "Importar" on the clients', vehicles', trackers' and chips' lists: the import screen for that resource. */
import * as React from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Button } from '@mui/material';
import { LinkBase as Link, useTranslate } from 'ra-core';
import type { RecursoImportacao } from '../../domain/importacao';

export function ImportarButton({ recurso }: { recurso: RecursoImportacao }) {
  const translate = useTranslate();
  return (
    <Button component={Link} to={`/importar?recurso=${recurso}`} variant="outlined" startIcon={<UploadFileIcon />}>
      {translate('app.importar.botao')}
    </Button>
  );
}
