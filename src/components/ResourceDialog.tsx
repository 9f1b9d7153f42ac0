/**
 * Route-driven modal form (STYLE.md): the list matches /<resource>/create and /<resource>/:id and
 * opens a Dialog around CreateBase/EditBase. Deep links work; Back or close returns to the list.
 */
import * as React from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { CreateBase, EditBase, useNotify, useResourceContext, useTranslate, type EditBaseProps, type RaRecord } from 'ra-core';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { MODAL_HEIGHT, MODAL_WIDTH } from '../../domain/constants';
import { useServerErrorNotify } from '../form/useServerErrorNotify';
import { useCreatedNotify, type CreatedMessage } from './useCreatedNotify';
import { DialogAlert } from './DialogAlert';

interface ShellProps {
  open: boolean;
  title: string;
  onClose: () => void;
  width?: number;
  children: React.ReactNode;
}

/**
 * The modal chrome alone: 700 × 620 on wide screens, full screen below 600 px. A refused call's
 * message shows at its top as an ARIA alert (the snackbar is hidden from assistive technology while
 * the modal is open).
 */
/** Where a list page's heading ends (the top bar, the page's padding and its h1), at the default theme. */
const PAGE_TITLE_BOTTOM = 112;

export function ModalShell({ open, title, onClose, width = MODAL_WIDTH, children }: ShellProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = React.useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      maxWidth={false}
      // Below the page's heading when the window has room, so the title behind is never cut (its "ç" read as "c": issue 30).
      sx={fullScreen ? undefined : { '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{
        paper: {
          sx: fullScreen
            ? {}
            : {
                width,
                height: MODAL_HEIGHT,
                maxWidth: 'calc(100% - 32px)',
                mt: `max(32px, min(${PAGE_TITLE_BOTTOM}px, calc(100vh - ${MODAL_HEIGHT}px - 32px)))`,
              },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {translate(title, { _: title })}
      </DialogTitle>
      <IconButton aria-label={translate('app.dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
        <DialogAlert />
        {children}
      </DialogContent>
    </Dialog>
  );
}

export interface ResourceDialogProps {
  /** The list's resource when not given. */
  resource?: string;
  /** Catalogue keys of the titles: `app.<resource>.create_title` and `app.<resource>.edit_title` when not given. */
  createTitle?: string;
  editTitle?: string;
  /** The form for a new record (a Form with its inputs). */
  create?: React.ReactNode;
  /** The form for an existing record. */
  edit?: React.ReactNode;
  width?: number;
  transform?: (data: RaRecord) => RaRecord;
  /**
   * Where the edit dialog lives after /<resource>/<id>: '' (the default) or e.g. '/edit' for a
   * resource whose /<resource>/<id> is a page of its own (the contract's document, the charge's page).
   */
  editSuffix?: string;
  /** The success notice of a new record, from the create reply (default 'Cadastro realizado com sucesso'). */
  createdMessage?: CreatedMessage;
}

function RecordLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={translate('app.loading')} />
    </Box>
  );
}

/**
 * EditBase that renders its form only once the record is there: the forms take their initial
 * values (money as 49,90, masks, the record's tabs) from the loaded record, never from nothing.
 */
export function LoadedEditBase<RecordType extends RaRecord = RaRecord>({ children, ...props }: EditBaseProps<RecordType>) {
  return <EditBase<RecordType> {...props} render={({ record }) => (record ? children : <RecordLoading />)} />;
}

export function ResourceDialog({
  resource: resourceProp,
  createTitle,
  editTitle,
  create,
  edit,
  width,
  transform,
  editSuffix = '',
  createdMessage,
}: ResourceDialogProps) {
  const resource = useResourceContext({ resource: resourceProp }) as string;
  const navigate = useNavigate();
  const notify = useNotify();
  // A new record the list's filters hide says so and offers to show it (useCreatedNotify).
  const notifyCreated = useCreatedNotify(resource, createdMessage);
  const onError = useServerErrorNotify();
  const createMatch = useMatch(`/${resource}/create`);
  const editMatch = useMatch(`/${resource}/:id${editSuffix}`);
  // A dialog opened from another page (the client's page: `state.voltar`) returns there; else to the list.
  const { state } = useLocation();
  const voltar = typeof (state as { voltar?: unknown } | null)?.voltar === 'string' ? (state as { voltar: string }).voltar : null;
  const close = () => navigate(voltar && voltar.startsWith('/') ? voltar : `/${resource}`);

  const isCreate = !!createMatch && !!create;
  const editId = !createMatch && editMatch?.params.id ? editMatch.params.id : undefined;

  return (
    <>
      <ModalShell open={isCreate} title={createTitle ?? `app.${resource}.create_title`} onClose={close} width={width}>
        {isCreate ? (
          <CreateBase
            resource={resource}
            redirect={false}
            transform={transform}
            mutationOptions={{
              onSuccess: (saved: RaRecord) => {
                // Back on another page (the client's), the list's filters hide nothing there: Abrir alone.
                void notifyCreated(saved, !voltar);
                close();
              },
              onError,
            }}
          >
            {create}
          </CreateBase>
        ) : null}
      </ModalShell>
      <ModalShell open={!!editId && !!edit} title={editTitle ?? `app.${resource}.edit_title`} onClose={close} width={width}>
        {editId && edit ? (
          <LoadedEditBase
            resource={resource}
            id={editId}
            redirect={false}
            mutationMode="pessimistic"
            transform={transform}
            mutationOptions={{
              onSuccess: () => {
                notify('app.notify.updated', { type: 'success' });
                close();
              },
              onError,
            }}
          >
            {edit}
          </LoadedEditBase>
        ) : null}
      </ModalShell>
    </>
  );
}
