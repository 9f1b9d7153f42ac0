/** A record's files (GET/POST/DELETE /v1/uploads): list with remove, drop zone to add. */
import * as React from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, CircularProgress, IconButton, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { MAX_UPLOAD_BYTES, type UploadDocumento } from '../../domain/constants';
import { addUploads, deleteUpload, listUploads, toNewUploads, type Upload } from '../dataProvider/uploads';
import { DropArea } from './DropArea';
import { RemoveConfirm } from './RemoveConfirm';
import { useServerErrorNotify } from './ResourceDialog';

export interface UploadsPanelProps {
  unid: number;
  documento: UploadDocumento;
  accept: readonly string[];
  maxSize?: number;
}

export function UploadsPanel({ unid, documento, accept, maxSize = MAX_UPLOAD_BYTES }: UploadsPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [uploads, setUploads] = React.useState<Upload[] | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [removing, setRemoving] = React.useState<Upload | null>(null);

  const reload = React.useCallback(() => {
    listUploads(unid, documento)
      .then(setUploads)
      .catch((error) => {
        setUploads([]);
        onError(error);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unid, documento]);

  React.useEffect(reload, [reload]);

  const onDrop = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    try {
      await addUploads(await toNewUploads(files, unid, documento));
      notify('app.notify.included', { type: 'success' });
      reload();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };


  const remove = async (upload: Upload) => {
    try {
      await deleteUpload(upload.id);
      notify('app.notify.removed', { type: 'info' });
      reload();
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Box sx={{ width: '100%' }}>
      <DropArea
        accept={accept}
        maxSize={maxSize}
        disabled={busy}
        onFiles={(files) => void onDrop(files)}
        label="app.uploads.drop"
        hint="app.uploads.drop_hint"
        text={busy ? translate('app.uploads.sending') : undefined}
        icon={busy ? <CircularProgress size={28} /> : <CloudUploadIcon color="primary" fontSize="large" />}
      />
      {uploads === null ? (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <CircularProgress size={24} />
        </Box>
      ) : uploads.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate('app.uploads.empty')}
        </Typography>
      ) : (
        <List dense>
          {uploads.map((upload) => (
            <ListItem
              key={upload.id}
              secondaryAction={
                <IconButton edge="end" aria-label={translate('app.list.remove')} color="error" onClick={() => setRemoving(upload)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemIcon>
                <FileIcon />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link href={upload.base64} download={upload.name} aria-label={translate('app.uploads.open', { name: upload.name })}>
                    {upload.name}
                  </Link>
                }
                secondary={upload.size ? `${upload.type} · ${upload.size.toLocaleString('pt-BR')} bytes` : upload.type}
              />
            </ListItem>
          ))}
        </List>
      )}
      <RemoveConfirm
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
      />
    </Box>
  );
}
