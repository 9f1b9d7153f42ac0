/** /settings/perfil/ (SPEC 2.17): own data, company data, access; Save → PUT /v1/users/{ownId}. */
import * as React from 'react';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { EditBase, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { Loading, PasswordInput, SaveButton, SimpleForm, TextInput, Title, Toolbar } from 'react-admin';
import { userUpdateSchema } from '../../../domain/schemas/users';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { zodResolver } from '../../form/zodResolver';
import { getSessionUser, setSessionUser, type SessionUser } from '../../authProvider/session';
import { isAdmin } from '../../../domain/permissions';
import { useServerErrorNotify } from '../../components/ResourceDialog';
import { EnderecoInputs, InformacoesInputs } from '../../resources/usuarios/UsuarioInputs';
import { ProfilePhoto } from './ProfilePhoto';

const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;

/** Company settings are the administrators' (DESIGN section 4): others do not send them. */
function stripCompanyUnlessAdmin(data: Record<string, unknown>) {
  if (isAdmin(getSessionUser())) return data;
  const { dadosempresa: _d, integrations: _i, ...rest } = data;
  return rest;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
      <Divider sx={{ mt: 1 }} />
    </Box>
  );
}

function ProfileForm() {
  const record = useRecordContext();
  if (!record) return null;
  const companyReadOnly = !isAdmin(getSessionUser());
  return (
    <SimpleForm
      record={{ ...record, password: '' }}
      resolver={zodResolver(userUpdateSchema)}
      toolbar={
        <Toolbar>
          <SaveButton label="app.profile.save" />
        </Toolbar>
      }
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', width: '100%', mb: 1 }}>
        <ProfilePhoto userId={Number(record.id)} name={record.name} />
      </Box>
      <Section title="app.profile.personal">
        <InformacoesInputs />
      </Section>
      <Section title="app.profile.address">
        <EnderecoInputs />
      </Section>
      <Section title="app.profile.company">
        <Box sx={grid}>
          <TextInput source="dadosempresa.nome" disabled={companyReadOnly} sx={{ gridColumn: { sm: '1 / -1' } }} />
          <TextInput source="dadosempresa.contato" disabled={companyReadOnly} />
          <MaskedTextInput source="dadosempresa.cnpj" mask="cnpj" disabled={companyReadOnly} />
        </Box>
      </Section>
      <Section title="app.profile.access">
        <Box sx={grid}>
          <TextInput source="login" autoComplete="username" />
          <PasswordInput source="password" autoComplete="new-password" helperText="app.usuarios.password_help" />
        </Box>
      </Section>
    </SimpleForm>
  );
}

export function ProfilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerErrorNotify();
  const { identity, isPending, refetch } = useGetIdentity();
  if (isPending) return <Loading />;
  if (!identity) return null;
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="app.profile.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.profile.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: 0 }}>
          <EditBase
            resource="usuarios"
            id={identity.id as number}
            disableAuthentication
            mutationMode="pessimistic"
            redirect={false}
            transform={stripCompanyUnlessAdmin}
            mutationOptions={{
              onSuccess: (data: SessionUser) => {
                setSessionUser(data);
                notify('app.notify.updated', { type: 'success' });
                void refetch();
                refresh();
              },
              onError,
            }}
          >
            <ProfileForm />
          </EditBase>
        </CardContent>
      </Card>
    </Box>
  );
}

export default ProfilePage;
