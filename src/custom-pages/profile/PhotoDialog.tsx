/** 'Enviar foto': one image, at most 5,000,000 bytes; Enviar disabled until a file is chosen. */
import * as React from 'react';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useDropzone } from 'react-dropzone';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { acceptMap, rejectionMessage } from '../../components/dropzoneMessages';

export interface PhotoDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (file: File) => Promise<void>;
}

export function PhotoDialog({ open, onClose, onSubmit }: PhotoDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const [sending, setSending] = React.useState(false);

  React.useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  React.useEffect(() => {
    if (!open) setFile(null);
  }, [open]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: acceptMap(IMAGE_TYPES),
    maxSize: MAX_UPLOAD_BYTES,
    multiple: false,
    onDrop: (accepted, rejections) => {
      for (const rejection of rejections) notify(rejectionMessage(rejection, translate, MAX_UPLOAD_BYTES), { type: 'error' });
      if (accepted[0]) setFile(accepted[0]);
    },
  });

  const submit = async () => {
    if (!file) return;
    setSending(true);
    try {
      await onSubmit(file);
      onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="photo-dialog-title">
      <DialogTitle id="photo-dialog-title">{translate('app.profile.photo_dialog')}</DialogTitle>
      <DialogContent>
        <Box
          {...getRootProps()}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: isDragActive ? 'primary.main' : 'divider',
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
            cursor: 'pointer',
          }}
        >
          <input {...getInputProps()} aria-label={translate('app.profile.photo_drop')} />
          {preview ? (
            <img src={preview} alt={file?.name ?? ''} style={{ maxWidth: '100%', maxHeight: 200, borderRadius: 8 }} />
          ) : (
            <ImageIcon color="primary" sx={{ fontSize: 48 }} />
          )}
          <Typography>{file ? file.name : translate('app.profile.photo_drop')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.profile.photo_hint')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.profile.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!file || sending}>
          {translate('app.profile.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
