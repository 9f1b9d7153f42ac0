/** 'Enviar foto': one image, at most 5,000,000 bytes; Enviar disabled until a file is chosen. */
import * as React from 'react';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { DropArea } from '../../components/DropArea';
import { fileToDataUrl } from '../../dataProvider/uploads';

export interface PhotoDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (file: File) => Promise<void>;
}

export function PhotoDialog({ open, onClose, onSubmit }: PhotoDialogProps) {
  const translate = useTranslate();
  const [file, setFile] = React.useState<File | null>(null);
  const [read, setRead] = React.useState<{ file: File; url: string } | null>(null);
  const [sending, setSending] = React.useState(false);
  // The preview of the file chosen last, once read; nothing while it is being read.
  const preview = read && read.file === file ? read.url : null;

  React.useEffect(() => {
    if (!file) return;
    let active = true;
    fileToDataUrl(file)
      .then((url) => {
        if (active) setRead({ file, url });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [file]);

  /** Closing forgets the chosen file: the dialog opens empty next time. */
  const close = () => {
    setFile(null);
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    setSending(true);
    try {
      await onSubmit(file);
      close();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="photo-dialog-title">
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
        <Button onClick={close}>{translate('app.profile.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!file || sending}>
          {translate('app.profile.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
