/** Sidebar (SPEC 2.2): top links, Financeiro, Equipamentos, Integrações and, for administrators, Configurações. */
import * as React from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';
import ExtensionIcon from '@mui/icons-material/ExtensionOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import SensorsIcon from '@mui/icons-material/SensorsOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { Box } from '@mui/material';
import { useCanAccess, useTranslate } from 'ra-core';
import { Menu } from 'react-admin';
import { MenuGroup } from './MenuGroup';

/** A link's text is app.menu.<its path's last word>, but for these. */
const TEXTO: Record<string, string> = { '/financeiro': 'resumo', '/frota': 'frota_saude', '/frota/mapa': 'frota_mapa' };
const groupLinks = (paths: string[]) =>
  paths.map((to) => <Menu.Item key={to} to={to} primaryText={`app.menu.${TEXTO[to] ?? to.split('/').pop()}`} />);

const FINANCEIRO = ['/financeiro', '/planos', '/contratos', '/reajustes', '/assinaturas', '/cobrancas', '/mensagens'];
const INTEGRACOES = ['/integrations/mdp', '/integrations/traccar', '/integrations/whats', '/integrations/nfse', '/integrations/reajuste'];
const CONFIGURACOES = ['/usuarios', '/notificacoes', '/auditoria', '/importar', '/seguranca', '/backups'];

export function AppMenu() {
  const { canAccess: isAdministrator } = useCanAccess({ action: 'list', resource: 'usuarios' });
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={translate('app.menu.navigation')}>
      <Menu>
        <Menu.Item to="/dashboard" primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
        <Menu.Item to="/clientes" primaryText="app.menu.clientes" leftIcon={<GroupIcon />} />
        <Menu.Item to="/atendimento" primaryText="app.menu.atendimento" leftIcon={<ChatIcon />} />
        <Menu.Item to="/veiculos" primaryText="app.menu.veiculos" leftIcon={<DirectionsCarIcon />} />
        <Menu.Item to="/ordensservicos" primaryText="app.menu.ordensservicos" leftIcon={<BuildIcon />} />
        <MenuGroup label="app.menu.frota" icon={<SensorsIcon />} paths={['/frota']}>
          {groupLinks(['/frota', '/frota/mapa'])}
        </MenuGroup>
        <MenuGroup label="app.menu.financeiro" icon={<AccountBalanceIcon />} paths={FINANCEIRO}>
          {groupLinks(FINANCEIRO)}
        </MenuGroup>
        <MenuGroup label="app.menu.equipamentos" icon={<RouterIcon />} paths={['/chips', '/rastreadores']}>
          {groupLinks(['/chips', '/rastreadores'])}
        </MenuGroup>
        <MenuGroup label="app.menu.integracoes" icon={<ExtensionIcon />} paths={['/integrations']}>
          {groupLinks(INTEGRACOES)}
        </MenuGroup>
        {isAdministrator ? (
          <MenuGroup label="app.menu.configuracoes" icon={<SettingsIcon />} paths={CONFIGURACOES}>
            {groupLinks(CONFIGURACOES)}
          </MenuGroup>
        ) : null}
      </Menu>
    </Box>
  );
}
