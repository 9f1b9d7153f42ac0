/**
 * The company settings screens (integrations, notifications; DESIGN section 4): the signed-in
 * administrator's own user object, read with GET /v1/users/{id} (it carries `integrations`), saved
 * back with PUT /v1/users/{id} carrying only the groups the screen edits, so two administrators
 * editing different screens never overwrite each other, and a secret left as '********' keeps the
 * stored one (the server's rule).
 */
import * as React from 'react';
import { Box, Card } from '@mui/material';
import { useGetIdentity, useTranslate, type RaRecord } from 'ra-core';
import { Loading, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { integrationsSchema, type Integrations } from '../../../domain/schemas/company';
import { FormGrid } from '../../components/FormGrid';
import { OwnUserEdit } from '../../components/OwnUserEdit';
import { zodResolver } from '../../form/zodResolver';
import { PageTitle } from '../../components/PageTitle';

export type IntegrationGroup = keyof Integrations;

/** The fields the server accepts in a group (gateway.webhookToken is the server's own, never sent). */
const groupFields = (group: IntegrationGroup): string[] => Object.keys(integrationsSchema.shape[group].unwrap().shape);

/** The form's user object with `integrations` reduced to the screen's groups and their accepted fields. */
export function withOnlyGroups(groups: readonly IntegrationGroup[]) {
  return (data: RaRecord): RaRecord => {
    const current = (data.integrations ?? {}) as Record<string, Record<string, unknown> | undefined>;
    const integrations = Object.fromEntries(
      groups.map((group) => {
        const values = current[group] ?? {};
        return [group, Object.fromEntries(groupFields(group).flatMap((field) => (field in values ? [[field, values[field]]] : [])))];
      }),
    );
    return { ...data, integrations };
  };
}

/** The shared schema's rules for the screen's groups only: the rest of the user object is not this screen's. */
export function settingsResolver(groups: readonly IntegrationGroup[]): Resolver<FieldValues> {
  const mask = Object.fromEntries(groups.map((group) => [group, true])) as { [K in IntegrationGroup]?: true };
  return zodResolver(z.object({ integrations: integrationsSchema.pick(mask).optional() }));
}

export interface CompanySettingsPageProps {
  /** i18n key of the page title. */
  title: string;
  groups: readonly IntegrationGroup[];
  /** After a save went through (the WhatsApp screen asks for the connection state again). */
  onSaved?: () => void;
  /** The forms and cards; inside, useRecordContext() is the signed-in user (its id is the calls' {id}). */
  children: React.ReactNode;
}

export function CompanySettingsPage({ title, groups, onSaved, children }: CompanySettingsPageProps) {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const transform = React.useMemo(() => withOnlyGroups(groups), [groups]);
  if (isPending) return <Loading />;
  if (!identity) return null;
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <PageTitle title={translate(title)} />
      <OwnUserEdit id={identity.id as number} transform={transform} onSaved={() => onSaved?.()}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</Box>
      </OwnUserEdit>
    </Box>
  );
}

/** The settings form in its card: the inputs on the two-column grid, Salvar and the screen's other actions. */
export function SettingsForm({
  groups,
  actions,
  children,
}: {
  groups: readonly IntegrationGroup[];
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const resolver = React.useMemo(() => settingsResolver(groups), [groups]);
  return (
    <Card variant="outlined">
      <SimpleForm
        resolver={resolver}
        toolbar={
          <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
            <SaveButton />
            {actions}
          </Toolbar>
        }
      >
        <FormGrid>{children}</FormGrid>
      </SimpleForm>
    </Card>
  );
}
