/**
 * A record's files (GET/POST/DELETE /v1/uploads): the drop widget to add, images as a gallery of
 * thumbnails that open a larger preview, other files (PDF) as rows with a download link; every
 * file removable through the 'Remover item?' confirmation.
 */
import * as React from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Box,
  CircularProgress,
  IconButton,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { DROP_WIDGET, MAX_UPLOAD_BYTES, type UploadDocumento } from '../../domain/constants';
import { addUploads, deleteUpload, listUploads, toNewUploads, type Upload } from '../dataProvider/uploads';
import { DropArea, formatBytes, NOTICE_OPTIONS } from './DropArea';
import { ImagePreviewDialog } from './ImagePreviewDialog';
import { RemoveConfirm } from './RemoveConfirm';
import { useServerErrorNotify } from '../form/useServerErrorNotify';

export interface UploadsPanelProps {
  unid: number;
  documento: UploadDocumento;
  accept: readonly string[];
  /** Bytes per file (generic widget: 3,000,000; galleries pass 5,000,000). */
  maxSize?: number;
  /** Files per drop (generic widget: 3). */
  filesLimit?: number;
}

const isImage = (upload: Pick<Upload, 'type'>) => upload.type.startsWith('image/');

export function UploadsPanel({
  unid,
  documento,
  accept,
  maxSize = MAX_UPLOAD_BYTES,
  filesLimit = DROP_WIDGET.filesLimit,
}: UploadsPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [uploads, setUploads] = React.useState<Upload[] | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [removing, setRemoving] = React.useState<Upload | null>(null);
  const [previewing, setPreviewing] = React.useState<Upload | null>(null);

  const reload = React.useCallback(() => {
    listUploads(unid, documento)
      .then(setUploads)
      .catch((error) => {
        setUploads([]);
        onError(error);
      });
  }, [unid, documento, onError]);

  React.useEffect(reload, [reload]);

  // The widget announces each file it accepts; the save is announced once the server has it.
  const onDrop = async (files: File[]) => {
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
      notify('app.uploads.removed', { type: 'info', messageArgs: { name: upload.name }, ...NOTICE_OPTIONS });
      if (previewing?.id === upload.id) setPreviewing(null);
      reload();
    } catch (error) {
      onError(error);
    }
  };

  const images = uploads?.filter(isImage) ?? [];
  const files = uploads?.filter((upload) => !isImage(upload)) ?? [];
  const removeLabel = (upload: Upload) => translate('app.uploads.remove', { name: upload.name });

  return (
    <Box sx={{ width: '100%' }}>
      <DropArea
        accept={accept}
        maxSize={maxSize}
        filesLimit={filesLimit}
        // The files are saved at once: the panel says so when the server has them, not before.
        announceAdded={false}
        disabled={busy}
        onFiles={(dropped) => void onDrop(dropped)}
        label="app.uploads.drop"
        text={busy ? translate('app.uploads.sending') : undefined}
        icon={busy ? <CircularProgress size={28} /> : <CloudUploadIcon color="primary" fontSize="large" />}
      />
      {uploads === null ? (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label={translate('app.loading')} />
        </Box>
      ) : uploads.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate('app.uploads.empty')}
        </Typography>
      ) : null}
      {images.length ? (
        <ImageList
          cols={3}
          gap={8}
          rowHeight={140}
          sx={{ mt: 2, mb: 0, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr)) !important' }}
        >
          {images.map((upload) => (
            <ImageListItem key={upload.id} sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
              <Link
                href={upload.base64}
                aria-label={translate('app.uploads.open', { name: upload.name })}
                onClick={(event: React.MouseEvent) => {
                  event.preventDefault();
                  setPreviewing(upload);
                }}
                sx={{ display: 'block', height: '100%' }}
              >
                <img src={upload.base64} alt={upload.name} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </Link>
              <ImageListItemBar
                title={upload.name}
                subtitle={upload.size ? formatBytes(upload.size) : undefined}
                actionIcon={
                  <IconButton aria-label={removeLabel(upload)} sx={{ color: 'common.white' }} onClick={() => setRemoving(upload)}>
                    <DeleteIcon />
                  </IconButton>
                }
              />
            </ImageListItem>
          ))}
        </ImageList>
      ) : null}
      {files.length ? (
        <List dense>
          {files.map((upload) => (
            <ListItem
              key={upload.id}
              secondaryAction={
                <IconButton edge="end" aria-label={removeLabel(upload)} color="error" onClick={() => setRemoving(upload)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemIcon>{upload.type === 'application/pdf' ? <PdfIcon color="error" /> : <FileIcon />}</ListItemIcon>
              <ListItemText
                primary={
                  <Link href={upload.base64} download={upload.name} aria-label={translate('app.uploads.open', { name: upload.name })}>
                    {upload.name}
                  </Link>
                }
                secondary={upload.size ? `${upload.type} · ${formatBytes(upload.size)}` : upload.type}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      <ImagePreviewDialog
        image={previewing ? { src: previewing.base64, name: previewing.name } : null}
        onClose={() => setPreviewing(null)}
      />
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
