/** Custom routes of SPEC 2.1: the shell pages, the screens of later issues and the public pages. */
import * as React from 'react';
import { lazy } from 'react';
import { CanAccess } from 'ra-core';
import type { LayoutProps } from 'react-admin';
import { Navigate } from 'react-router';

/** The shell is not needed to sign in: it loads after the login page has painted. */
const AppLayoutLazy = lazy(() => import('./layout/AppLayout'));
export function LazyLayout(props: LayoutProps) {
  return (
    <React.Suspense fallback={null}>
      <AppLayoutLazy {...props} />
    </React.Suspense>
  );
}

export const Dashboard = lazy(() => import('./custom-pages/dashboard/Dashboard'));
export const ProfilePage = lazy(() => import('./custom-pages/profile/ProfilePage'));
export const UnderConstruction = lazy(() => import('./custom-pages/placeholders/UnderConstruction'));
export const NotFound = lazy(() => import('./custom-pages/placeholders/NotFound'));
export const InstallPage = lazy(() => import('./custom-pages/install/InstallPage'));
export const PreCadastroPage = lazy(() => import('./custom-pages/precadastro/PreCadastroPage'));
export const ContratoPublicoPage = lazy(() =>
  import('./custom-pages/placeholders/PublicPlaceholder').then((m) => ({ default: m.ContratoPublicoPage })),
);

/** Screens of later issues: each path shows "Em construção" inside the shell. */
export const UNDER_CONSTRUCTION_PATHS = [
  '/ordensservicos/*',
  '/odensservicos/*',
  '/ordenservico/:id',
  '/contratos/*',
  '/assinaturas/*',
  '/cobrancas/*',
  '/integrations/*',
  '/financeiro/*',
];

/** Pages of the Configurações group: administrators only, others go to the access-denied page. */
export function AdminOnly({ resource, children }: { resource: string; children: React.ReactNode }) {
  return (
    <CanAccess action="list" resource={resource} accessDenied={<Navigate to="/access-denied" replace />}>
      {children}
    </CanAccess>
  );
}

/** Public pages render outside the Admin's Suspense boundary. */
export function PublicSuspense({ children }: { children: React.ReactNode }) {
  return <React.Suspense fallback={null}>{children}</React.Suspense>;
}
