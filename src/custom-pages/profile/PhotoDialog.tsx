/** 'Enviar foto': one image, at most 5,000,000 bytes; Enviar disabled until a file is chosen. */
import * as React from 'react';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { DropArea } from '../../components/DropArea';

export interface PhotoDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (file: File) => Promise<void>;
}

export function PhotoDialog({ open, onClose, onSubmit }: PhotoDialogProps) {
  const translate = useTranslate();
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
        <DropArea
          accept={IMAGE_TYPES}
          maxSize={MAX_UPLOAD_BYTES}
          multiple={false}
          onFiles={([chosen]) => setFile(chosen)}
          label="app.profile.photo_drop"
          hint="app.profile.photo_hint"
          text={file?.name}
          icon={
            preview ? (
              <img src={preview} alt={file?.name ?? ''} style={{ maxWidth: '100%', maxHeight: 200, borderRadius: 8 }} />
            ) : (
              <ImageIcon color="primary" sx={{ fontSize: 48 }} />
            )
          }
        />
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
