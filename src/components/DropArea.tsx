/**
 * The drop zone shared by every upload control: react-dropzone with our limits, rejections
 * announced in Portuguese (the upload notices of SPEC 8, DESIGN section 9), and the dashed area.
 */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useDropzone, type FileRejection } from 'react-dropzone';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function rejectionMessage(rejection: FileRejection, translate: Translate, maxSize: number): string {
  const reasons = rejection.errors
    .map((error) => {
      if (error.code === 'file-invalid-type') return translate('app.uploads.type');
      if (error.code === 'file-too-large') return translate('app.uploads.too_big', { size: maxSize.toLocaleString('pt-BR') });
      if (error.code === 'too-many-files') return translate('app.uploads.too_many');
      return error.message;
    })
    .join(' ');
  return translate('app.uploads.rejected', { name: rejection.file.name, reasons });
}

export interface DropAreaProps {
  accept: readonly string[];
  maxSize: number;
  multiple?: boolean;
  disabled?: boolean;
  /** Receives the accepted files; rejected ones are announced here. */
  onFiles: (files: File[]) => void;
  /** i18n key of the input's accessible name and of the main line. */
  label: string;
  hint: string;
  icon: React.ReactNode;
  /** Replaces the main line (e.g. the chosen file's name). */
  text?: string;
}

export function DropArea({ accept, maxSize, multiple = true, disabled, onFiles, label, hint, icon, text }: DropAreaProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: Object.fromEntries(accept.map((type) => [type, [] as string[]])),
    maxSize,
    multiple,
    disabled,
    onDrop: (accepted, rejections) => {
      for (const rejection of rejections) notify(rejectionMessage(rejection, translate, maxSize), { type: 'error' });
      if (accepted.length) onFiles(accepted);
    },
  });
  return (
    <Box
      {...getRootProps()}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        cursor: disabled ? 'progress' : 'pointer',
        bgcolor: isDragActive ? 'action.hover' : 'transparent',
      }}
    >
      <input {...getInputProps()} aria-label={translate(label)} />
      {icon}
      <Typography>{text ?? translate(label)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(hint)}
      </Typography>
    </Box>
  );
}
