/** Custom routes of SPEC 2.1: the shell pages, the screens of later issues and the public pages. */
import * as React from 'react';
import { lazy } from 'react';
import { CanAccess } from 'ra-core';
import type { LayoutProps } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { isDocumentPage } from './print/printPaths';

/** The shell is not needed to sign in: it loads after the login page has painted. */
const AppLayoutLazy = lazy(() => import('./layout/AppLayout'));
export function LazyLayout(props: LayoutProps) {
  const { pathname } = useLocation();
  // A document at its resource's address (/contratos/{id}, /cobrancas/{id}) prints without the shell.
  if (isDocumentPage(pathname)) return <React.Suspense fallback={null}>{props.children}</React.Suspense>;
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
export const ContratoPublicoPage = lazy(() => import('./custom-pages/contrato/ContratoPublicoPage'));
export const FinanceiroPage = lazy(() => import('./custom-pages/financeiro/FinanceiroPage'));
/** The fleet's positions are asked for beside the map's code (its 1 MB), not after it has loaded. */
export const FrotaMapaPage = lazy(() => {
  void import('./resources/frota/mapaDados').then((dados) => dados.prefetchMapa());
  return import('./resources/frota/FrotaMapaPage');
});
export const VeiculoLocalizacaoPage = lazy(() => import('./resources/frota/VeiculoLocalizacaoPage'));
export const TraccarPage = lazy(() => import('./custom-pages/integrations/TraccarPage'));
export const WhatsPage = lazy(() => import('./custom-pages/integrations/WhatsPage'));
export const MdpPage = lazy(() => import('./custom-pages/integrations/MdpPage'));
export const NfsePage = lazy(() => import('./custom-pages/integrations/NfsePage'));
/** The yearly readjustments (DESIGN 11): the list for staff, the index source for administrators. */
export const ReajustesPage = lazy(() => import('./custom-pages/reajustes/ReajustesPage'));
export const ReajusteConfigPage = lazy(() => import('./custom-pages/integrations/ReajusteConfigPage'));
export const NotificacoesPage = lazy(() => import('./custom-pages/notificacoes/NotificacoesPage'));
export const AuditoriaPage = lazy(() => import('./custom-pages/auditoria/AuditoriaPage'));
/** The WhatsApp messages list (issue 24): every staff member. */
export const MensagensPage = lazy(() => import('./custom-pages/mensagens/MensagensPage'));
/** The WhatsApp conversations' inbox (DESIGN 11): every staff member. */
export const AtendimentoPage = lazy(() => import('./custom-pages/atendimento/AtendimentoPage'));
/** Two-factor sign-in and backups (DESIGN 10). */
export const SegurancaConfigPage = lazy(() => import('./custom-pages/seguranca/SegurancaConfigPage'));
export const BackupsPage = lazy(() => import('./custom-pages/seguranca/BackupsPage'));
/** Stock and imports (DESIGN 10). */
export const ImportarPage = lazy(() => import('./custom-pages/importar/ImportarPage'));
export const ChipCustosPage = lazy(() => import('./custom-pages/estoque/ChipCustosPage'));
export const TecnicoEstoquePage = lazy(() => import('./custom-pages/estoque/TecnicoEstoquePage'));

/** The printable service order (noLayout, inside <Authenticated>). */
export const OrdemServicoPage = lazy(() => import('./resources/ordensservicos/OrdemServicoPage'));

/** A second spelling of a path: the same screen, the rest of the path and the query kept (/odensservicos/create). */
export function PathAlias({ from, to }: { from: string; to: string }) {
  const location = useLocation();
  return <Navigate to={`${to}${location.pathname.slice(from.length)}${location.search}`} replace />;
}

/** Screens of later issues: each path shows "Em construção" inside the shell. */
export const UNDER_CONSTRUCTION_PATHS: string[] = [];

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
