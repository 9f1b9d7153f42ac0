/** /settings/perfil/ (SPEC 2.17): own data, company data, access; Save → PUT /v1/users/{ownId}. */
import * as React from 'react';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { useGetIdentity, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'ra-core';
import { Loading, PasswordInput, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { isAdmin } from '../../../domain/permissions';
import { getSessionUser, setSessionUser, type SessionUser } from '../../authProvider/session';
import { FormGrid, fullRow } from '../../components/FormGrid';
import { MaskedTextInput } from '../../components/MaskedTextInput';
import { OwnUserEdit } from '../../components/OwnUserEdit';
import { EnderecoInputs, InformacoesInputs } from '../../resources/usuarios/UsuarioInputs';
import { apiFetch } from '../../dataProvider/http';
import { SegurancaPerfil } from '../seguranca/SegurancaPerfil';
import { profileResolver } from './profileResolver';
import { ProfilePhoto } from './ProfilePhoto';
import { PageTitle } from '../../components/PageTitle';

/** Company settings are the administrators' (DESIGN section 4): others do not send them. */
function stripCompanyUnlessAdmin(data: RaRecord) {
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
  const record = useRecordContext()!;
  const companyReadOnly = !isAdmin(getSessionUser());
  const resolver = React.useMemo(() => profileResolver(record), [record]);
  return (
    <SimpleForm
      // The password is write-only: an empty one keeps the stored one.
      record={{ ...record, password: '' }}
      resolver={resolver}
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
        <InformacoesInputs own />
      </Section>
      <Section title="app.profile.address">
        <EnderecoInputs own />
      </Section>
      <Section title="app.profile.company">
        <FormGrid>
          <TextInput source="dadosempresa.nome" disabled={companyReadOnly} sx={fullRow} />
          <TextInput source="dadosempresa.contato" disabled={companyReadOnly} />
          <MaskedTextInput source="dadosempresa.cnpj" mask="cnpj" disabled={companyReadOnly} />
        </FormGrid>
      </Section>
      <Section title="app.profile.access">
        <FormGrid>
          <TextInput source="login" autoComplete="username" />
          <PasswordInput source="password" autoComplete="new-password" helperText="app.usuarios.password_help" />
        </FormGrid>
      </Section>
    </SimpleForm>
  );
}

/** Perfil → Segurança: whether this user's 2FA is on is read from its session (GET /v1/session). */
function Seguranca({ userId }: { userId: number }) {
  const [doisFatores, setDoisFatores] = React.useState<boolean | null>(null);
  const load = React.useCallback(() => {
    apiFetch<SessionUser>('/v1/session')
      .then((user) => setDoisFatores(Boolean(user.doisFatores)))
      .catch(() => undefined);
  }, []);
  React.useEffect(load, [load]);
  if (doisFatores === null) return null;
  return <SegurancaPerfil userId={userId} doisFatores={doisFatores} onChange={load} />;
}

export function ProfilePage() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { identity, isPending, refetch } = useGetIdentity();
  if (isPending) return <Loading />;
  if (!identity) return null;
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <PageTitle title={translate('app.profile.title')} />
      <Card variant="outlined">
        <CardContent sx={{ p: 0 }}>
          <OwnUserEdit
            id={identity.id as number}
            transform={stripCompanyUnlessAdmin}
            onSaved={(data) => {
              setSessionUser(data as SessionUser);
              void refetch();
              refresh();
            }}
          >
            <ProfileForm />
          </OwnUserEdit>
        </CardContent>
      </Card>
      <Seguranca userId={identity.id as number} />
    </Box>
  );
}

export default ProfilePage;
