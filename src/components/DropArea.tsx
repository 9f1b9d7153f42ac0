/**
 * The file-drop widget shared by every upload control (react-dropzone): the limits of SPEC 5 and 9
 * (by default 3 files of 3,000,000 bytes each; the count is checked only when the limit is above 1)
 * and the widget notices of SPEC 8 in Portuguese (DESIGN section 9), shown for 6 seconds.
 */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { DROP_WIDGET } from '../../domain/constants';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const bytes = new Intl.NumberFormat('pt-BR');
/** 3.000.000 bytes */
export const formatBytes = (size: number) => `${bytes.format(size)} bytes`;

/** The widget's notices stay up for the time SPEC 9 gives. */
export const NOTICE_OPTIONS = { autoHideDuration: DROP_WIDGET.noticeMs } as const;

/** 'Arquivo x.txt recusado. Tipo de arquivo não suportado. Arquivo grande demais. O limite é …' */
export function rejectionMessage(rejection: FileRejection, translate: Translate, maxSize: number): string {
  const reasons = rejection.errors.map((error) => {
    if (error.code === 'file-invalid-type') return translate('app.uploads.type');
    if (error.code === 'file-too-large') return translate('app.uploads.too_big', { size: formatBytes(maxSize) });
    return error.message;
  });
  return [translate('app.uploads.rejected', { name: rejection.file.name }), ...reasons].join(' ');
}

export interface DropAreaProps {
  accept: readonly string[];
  /** Bytes per file; the generic widget's default is 3,000,000. */
  maxSize?: number;
  /** Files the widget may hold; the generic default is 3. With 1, a new file replaces the held one. */
  filesLimit?: number;
  /** Files already held (e.g. attached but not yet sent): they count toward filesLimit. */
  heldCount?: number;
  /** Same as filesLimit={1}. */
  multiple?: boolean;
  /** Announce 'Arquivo x adicionado com sucesso.' when files are accepted (default true). */
  announceAdded?: boolean;
  disabled?: boolean;
  /** Receives the accepted files; rejections and an exceeded count are announced here. */
  onFiles: (files: File[]) => void;
  /** i18n key of the input's accessible name and of the main line. */
  label: string;
  /** i18n key of the second line; by default the accepted kinds and the limits. */
  hint?: string;
  icon: React.ReactNode;
  /** Replaces the main line (e.g. the chosen file's name). */
  text?: string;
}

const isImagesOnly = (accept: readonly string[]) => accept.every((type) => type.startsWith('image/'));

export function DropArea({
  accept,
  maxSize = DROP_WIDGET.maxBytes,
  filesLimit = DROP_WIDGET.filesLimit,
  heldCount = 0,
  multiple,
  announceAdded = true,
  disabled,
  onFiles,
  label,
  hint,
  icon,
  text,
}: DropAreaProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const limit = multiple === false ? 1 : Math.max(1, filesLimit);

  const tooMany = () => notify('app.uploads.too_many', { type: 'error', messageArgs: { smart_count: limit }, ...NOTICE_OPTIONS });

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: Object.fromEntries(accept.map((type) => [type, [] as string[]])),
    maxSize,
    multiple: limit > 1,
    disabled,
    onDrop: (accepted, rejections) => {
      // With a limit of 1 react-dropzone refuses a drop of several files as a whole.
      const countOnly = rejections.length > 0 && rejections.every((r) => r.errors.every((e) => e.code === 'too-many-files'));
      if (countOnly) return tooMany();
      if (rejections.length) {
        const message = rejections.map((rejection) => rejectionMessage(rejection, translate, maxSize)).join(' ');
        notify(message, { type: 'error', messageArgs: { _: message }, ...NOTICE_OPTIONS });
      }
      if (accepted.length === 0) return;
      if (limit > 1 && heldCount + accepted.length > limit) return tooMany();
      onFiles(accepted);
      if (announceAdded) {
        const message = accepted.map((file) => translate('app.uploads.added', { name: file.name })).join(' ');
        notify(message, { type: 'success', messageArgs: { _: message }, ...NOTICE_OPTIONS });
      }
    },
  });

  const defaultHint = translate('app.uploads.hint', {
    kinds: translate(isImagesOnly(accept) ? 'app.uploads.kinds_images' : 'app.uploads.kinds_documents'),
    size: formatBytes(maxSize),
    smart_count: limit,
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
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': disabled ? undefined : { borderColor: 'primary.light' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <input {...getInputProps()} aria-label={translate(label)} />
      {icon}
      <Typography>{text ?? translate(label)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {hint ? translate(hint) : defaultHint}
      </Typography>
    </Box>
  );
}
