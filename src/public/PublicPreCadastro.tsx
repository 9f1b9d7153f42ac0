/**
 * /precadastro before sign-in: the page's form is made of react-admin inputs, so it gets what the
 * <Admin> would give it (its contexts, the full i18nProvider and theme, the snackbar), but not the
 * shell, the resources or the data provider. Loaded only by this page.
 */
import * as React from 'react';
import { AdminContext, Notification } from 'react-admin';
import PreCadastroPage from '../custom-pages/precadastro/PreCadastroPage';
import { i18nProvider } from '../i18n';
import { theme } from '../theme';

export default function PublicPreCadastro() {
  return (
    <AdminContext i18nProvider={i18nProvider} theme={theme}>
      <PreCadastroPage />
      <Notification />
    </AdminContext>
  );
}
