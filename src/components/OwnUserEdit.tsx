/**
 * The signed-in user's own record (`usuarios`, GET and PUT /v1/users/{ownId}), edited in place by
 * Meu perfil and the company settings screens: saved pessimistically, 'Informações atualizadas
 * com sucesso' once the server took it, a refusal in the snackbar and under the fields.
 */
import * as React from 'react';
import { useNotify, type RaRecord } from 'ra-core';
import { useServerErrorNotify } from '../form/useServerErrorNotify';
import { LoadedEditBase } from './ResourceDialog';

export interface OwnUserEditProps {
  id: number;
  /** The body sent: the parts of the user object this screen edits. */
  transform: (data: RaRecord) => RaRecord;
  /** After a save went through, with the record the server returned. */
  onSaved?: (data: RaRecord) => void;
  children: React.ReactNode;
}

export function OwnUserEdit({ id, transform, onSaved, children }: OwnUserEditProps) {
  const notify = useNotify();
  const onError = useServerErrorNotify();
  return (
    <LoadedEditBase
      resource="usuarios"
      id={id}
      disableAuthentication
      mutationMode="pessimistic"
      redirect={false}
      transform={transform}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('app.notify.updated', { type: 'success' });
          onSaved?.(data);
        },
        onError,
      }}
    >
      {children}
    </LoadedEditBase>
  );
}
