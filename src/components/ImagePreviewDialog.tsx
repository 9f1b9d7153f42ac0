/** A larger view of one image of a gallery, with its name, a download link and a close icon. */
import * as React from 'react';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface PreviewImage {
  src: string;
  name: string;
}

export function ImagePreviewDialog({ image, onClose }: { image: PreviewImage | null; onClose: () => void }) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = React.useId();
  // Keep the last image while the dialog fades out (state adjusted while rendering, not in an effect).
  const [shown, setShown] = React.useState(image);
  if (image && image !== shown) setShown(image);
  return (
    <Dialog open={image !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {shown?.name}
      </DialogTitle>
      <IconButton aria-label={translate('app.dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', bgcolor: 'grey.100' }}>
        {shown ? (
          <Box
            component="img"
            src={shown.src}
            alt={shown.name}
            sx={{
              maxWidth: '100%',
              minWidth: 120,
              maxHeight: { xs: 'calc(100vh - 160px)', sm: '70vh' },
              objectFit: 'contain',
              imageRendering: 'auto',
            }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {shown ? (
          <Button component="a" href={shown.src} download={shown.name} startIcon={<DownloadIcon />}>
            {translate('app.uploads.download')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
