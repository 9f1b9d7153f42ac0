/** The modal form's toolbar, kept in view at the bottom of the dialog: Salvar, or the buttons given. */
import * as React from 'react';
import { SaveButton, Toolbar } from 'react-admin';

export function FormToolbar({ children }: { children?: React.ReactNode }) {
  return <Toolbar sx={{ position: 'sticky', bottom: 0, gap: 1, zIndex: 2 }}>{children ?? <SaveButton />}</Toolbar>;
}
