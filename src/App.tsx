/**
 * Composition only: providers, resources and custom routes (STYLE.md). Loaded lazily by src/main.tsx
 * once the visitor goes past the public pages, which render without it (src/public/PublicApp.tsx).
 */
import * as React from 'react';
import { CustomRoutes } from 'ra-core';
import { Admin, Authenticated, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AdminLoginPage } from './custom-pages/login/AdminLoginPage';
import usuarios from './resources/usuarios';
import clientes from './resources/clientes';
import veiculos from './resources/veiculos';
import rastreadores from './resources/rastreadores';
import chips from './resources/chips';
import planos from './resources/planos';
import ordensservicos from './resources/ordensservicos';
import contratos from './resources/contratos';
import assinaturas from './resources/assinaturas';
import cobrancas from './resources/cobrancas';
import frota from './resources/frota';
import {
  AdminOnly,
  AtendimentoPage,
  AuditoriaPage,
  MensagensPage,
  SegurancaConfigPage,
  BackupsPage,
  ImportarPage,
  ChipCustosPage,
  TecnicoEstoquePage,
  ContratoPublicoPage,
  NfsePage,
  ReajustesPage,
  ReajusteConfigPage,
  Dashboard,
  FinanceiroPage,
  FrotaMapaPage,
  InstallPage,
  LazyLayout,
  MdpPage,
  NotFound,
  NotificacoesPage,
  OrdemServicoPage,
  PathAlias,
  PreCadastroPage,
  ProfilePage,
  PublicSuspense,
  TraccarPage,
  UNDER_CONSTRUCTION_PATHS,
  UnderConstruction,
  VeiculoLocalizacaoPage,
  WhatsPage,
} from './routes';
import { theme } from './theme';

export function App() {
  return (
    <Admin
      requireAuth
      title="Rastreio"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={LazyLayout}
      loginPage={AdminLoginPage}
      dashboard={Dashboard}
      catchAll={NotFound}
      disableTelemetry
    >
      <Resource name="usuarios" {...usuarios} />
      <Resource name="clientes" {...clientes} />
      <Resource name="veiculos" {...veiculos} />
      <Resource name="ordensservicos" {...ordensservicos} />
      <Resource name="planos" {...planos} />
      <Resource name="contratos" {...contratos} />
      <Resource name="assinaturas" {...assinaturas} />
      <Resource name="cobrancas" {...cobrancas} />
      <Resource name="chips" {...chips} />
      <Resource name="rastreadores" {...rastreadores} />
      <Resource name="frota" {...frota} />
      <CustomRoutes noLayout>
        <Route
          path="/install"
          element={
            <PublicSuspense>
              <InstallPage />
            </PublicSuspense>
          }
        />
        <Route
          path="/precadastro"
          element={
            <PublicSuspense>
              <PreCadastroPage />
            </PublicSuspense>
          }
        />
        <Route
          path="/ordenservico/:id"
          element={
            <Authenticated>
              <PublicSuspense>
                <OrdemServicoPage />
              </PublicSuspense>
            </Authenticated>
          }
        />
        <Route
          path="/static/contrato/:id"
          element={
            <PublicSuspense>
              <ContratoPublicoPage />
            </PublicSuspense>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/financeiro/*" element={<FinanceiroPage />} />
        {/* The WhatsApp messages (issue 24): every staff member, as a charge's messages. */}
        <Route path="/mensagens/*" element={<MensagensPage />} />
        {/* The yearly readjustments (DESIGN 11): every staff member; applying is an administrator's. */}
        <Route path="/reajustes/*" element={<ReajustesPage />} />
        {/* The WhatsApp conversations (DESIGN 11): every staff member. */}
        <Route path="/atendimento" element={<AtendimentoPage />} />
        <Route path="/atendimento/:id" element={<AtendimentoPage />} />
        {/* The fleet's map and a vehicle's location: the map library loads only on these pages. */}
        <Route path="/frota/mapa" element={<FrotaMapaPage />} />
        <Route path="/veiculos/:id/localizacao" element={<VeiculoLocalizacaoPage />} />
        {/* One reading of the menu spells it /odensservicos (SPEC 2.1): the same screen. */}
        <Route path="/odensservicos/*" element={<PathAlias from="/odensservicos" to="/ordensservicos" />} />
        <Route path="/settings/perfil/*" element={<ProfilePage />} />
        {/* Stock and imports (DESIGN 10): every staff member imports and sees the stock. */}
        <Route path="/importar" element={<ImportarPage />} />
        <Route path="/chips/custos" element={<ChipCustosPage />} />
        <Route path="/tecnicos/:id/estoque" element={<TecnicoEstoquePage />} />
        <Route
          path="/notificacoes/*"
          element={
            <AdminOnly resource="notificacoes">
              <NotificacoesPage />
            </AdminOnly>
          }
        />
        <Route
          path="/auditoria/*"
          element={
            <AdminOnly resource="configuracoes">
              <AuditoriaPage />
            </AdminOnly>
          }
        />
        <Route
          path="/seguranca/*"
          element={
            <AdminOnly resource="configuracoes">
              <SegurancaConfigPage />
            </AdminOnly>
          }
        />
        <Route
          path="/backups/*"
          element={
            <AdminOnly resource="configuracoes">
              <BackupsPage />
            </AdminOnly>
          }
        />
        {/* The integrations hold the company's secrets: administrators only (DESIGN 4), like Configurações. */}
        <Route
          path="/integrations/traccar/*"
          element={
            <AdminOnly resource="configuracoes">
              <TraccarPage />
            </AdminOnly>
          }
        />
        <Route
          path="/integrations/whats/*"
          element={
            <AdminOnly resource="configuracoes">
              <WhatsPage />
            </AdminOnly>
          }
        />
        <Route
          path="/integrations/mdp/*"
          element={
            <AdminOnly resource="configuracoes">
              <MdpPage />
            </AdminOnly>
          }
        />
        <Route
          path="/integrations/reajuste/*"
          element={
            <AdminOnly resource="configuracoes">
              <ReajusteConfigPage />
            </AdminOnly>
          }
        />
        <Route
          path="/integrations/nfse/*"
          element={
            <AdminOnly resource="configuracoes">
              <NfsePage />
            </AdminOnly>
          }
        />
        {UNDER_CONSTRUCTION_PATHS.map((path) => (
          <Route key={path} path={path} element={<UnderConstruction />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

export default App;
