/**
 * Step 'Documentos': the ID's front and back (plus the CNPJ card or articles for JURIDICA), images
 * or PDF, held in the browser until Finalizar. Finalizar needs exactly the number SPEC 5 asks.
 */
import * as React from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { DOCUMENT_TYPES, MAX_UPLOAD_BYTES, PRECADASTRO_DOCUMENTOS, type Cadastro } from '../../../domain/constants';
import { DropArea, formatBytes, NOTICE_OPTIONS } from '../../components/DropArea';
import { ImagePreviewDialog, type PreviewImage } from '../../components/ImagePreviewDialog';
import { phoneActionBarSx } from '../../theme';
import { fileToDataUrl } from '../../dataProvider/uploads';

/** A document held in the browser: the file and its data as a data URL (SPEC 3, Upload). */
export interface HeldDocument {
  key: string;
  name: string;
  type: string;
  size: number;
  base64: string;
}

let nextKey = 0;
export async function toHeldDocuments(files: File[]): Promise<HeldDocument[]> {
  return Promise.all(
    files.map(async (file) => ({
      key: `doc-${++nextKey}`,
      name: file.name,
      type: file.type,
      size: file.size,
      base64: await fileToDataUrl(file),
    })),
  );
}

export interface DocumentosStepProps {
  cadastro: Cadastro;
  documentos: HeldDocument[];
  /** Takes the next list, or how to make it from the latest one (files finish reading later). */
  onChange: React.Dispatch<React.SetStateAction<HeldDocument[]>>;
  onBack: () => void;
  sending: boolean;
}

export function DocumentosStep({ cadastro, documentos, onChange, onBack, sending }: DocumentosStepProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reading, setReading] = React.useState(false);
  const [preview, setPreview] = React.useState<PreviewImage | null>(null);
  const expected = PRECADASTRO_DOCUMENTOS[cadastro];

  const add = async (files: File[]) => {
    setReading(true);
    try {
      const held = await toHeldDocuments(files);
      onChange((latest) => [...latest, ...held]);
    } finally {
      setReading(false);
    }
  };

  const remove = (documento: HeldDocument) => {
    onChange((latest) => latest.filter((d) => d.key !== documento.key));
    notify('app.uploads.removed', { type: 'info', messageArgs: { name: documento.name }, ...NOTICE_OPTIONS });
  };

  const count = documentos.length;
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        {translate(cadastro === 'JURIDICA' ? 'app.precadastro.documentos_juridica' : 'app.precadastro.documentos_fisica')}
      </Typography>
      <DropArea
        accept={DOCUMENT_TYPES}
        filesLimit={expected}
        // Phone photos of a document often pass 3 MB: the server takes up to 5,000,000 bytes.
        maxSize={MAX_UPLOAD_BYTES}
        heldCount={count}
        disabled={sending || reading}
        onFiles={(files) => void add(files)}
        label="app.precadastro.drop"
        icon={reading ? <CircularProgress size={28} /> : <CloudUploadIcon color="primary" fontSize="large" />}
      />
      <Typography
        role="status"
        variant="body2"
        sx={{ mt: 2, fontWeight: 600, color: count === expected ? 'success.main' : 'text.secondary' }}
      >
        {translate('app.precadastro.documentos_count', { count, smart_count: expected })}
      </Typography>
      {count > expected ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('app.precadastro.documentos_excess', { smart_count: count - expected })}
        </Alert>
      ) : null}
      {count ? (
        <List dense sx={{ mt: 1 }}>
          {documentos.map((documento) => {
            const image = documento.type.startsWith('image/');
            return (
              <ListItem
                key={documento.key}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    color="error"
                    disabled={sending}
                    aria-label={translate('app.uploads.remove', { name: documento.name })}
                    onClick={() => remove(documento)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemAvatar sx={{ minWidth: 72 }}>
                  {image ? (
                    <ButtonBase
                      aria-label={translate('app.uploads.open', { name: documento.name })}
                      onClick={() => setPreview({ src: documento.base64, name: documento.name })}
                      sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
                    >
                      <img
                        src={documento.base64}
                        alt={documento.name}
                        width={56}
                        height={56}
                        style={{ objectFit: 'cover', display: 'block' }}
                      />
                    </ButtonBase>
                  ) : (
                    <Box
                      sx={{
                        width: 56,
                        height: 56,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        bgcolor: 'grey.100',
                        borderRadius: 1,
                      }}
                    >
                      <PdfIcon color="error" />
                    </Box>
                  )}
                </ListItemAvatar>
                <ListItemText
                  primary={documento.name}
                  secondary={formatBytes(documento.size)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3, ...phoneActionBarSx }}>
        <Button
          type="button"
          variant="outlined"
          size="large"
          startIcon={<ArrowBackIcon />}
          onClick={onBack}
          disabled={sending}
          sx={{ flex: { xs: '1 1 0', sm: '0 0 auto' } }}
        >
          {translate('app.precadastro.back')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={sending ? <CircularProgress size={18} color="inherit" /> : <CheckIcon />}
          disabled={count !== expected || sending || reading}
          sx={{ flex: { xs: '1 1 0', sm: '0 0 auto' } }}
        >
          {translate(sending ? 'app.precadastro.sending' : 'app.precadastro.finish')}
        </Button>
      </Box>
      <ImagePreviewDialog image={preview} onClose={() => setPreview(null)} />
    </Box>
  );
}
