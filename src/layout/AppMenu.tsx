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

const groupLink = (to: string, key: string) => <Menu.Item key={to} to={to} primaryText={`app.menu.${key}`} />;

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
          {groupLink('/frota', 'frota_saude')}
          {groupLink('/frota/mapa', 'frota_mapa')}
        </MenuGroup>
        <MenuGroup
          label="app.menu.financeiro"
          icon={<AccountBalanceIcon />}
          paths={['/financeiro', '/planos', '/contratos', '/reajustes', '/assinaturas', '/cobrancas', '/mensagens']}
        >
          {groupLink('/financeiro', 'resumo')}
          {groupLink('/planos', 'planos')}
          {groupLink('/contratos', 'contratos')}
          {groupLink('/reajustes', 'reajustes')}
          {groupLink('/assinaturas', 'assinaturas')}
          {groupLink('/cobrancas', 'cobrancas')}
          {groupLink('/mensagens', 'mensagens')}
        </MenuGroup>
        <MenuGroup label="app.menu.equipamentos" icon={<RouterIcon />} paths={['/chips', '/rastreadores']}>
          {groupLink('/chips', 'chips')}
          {groupLink('/rastreadores', 'rastreadores')}
        </MenuGroup>
        <MenuGroup label="app.menu.integracoes" icon={<ExtensionIcon />} paths={['/integrations']}>
          {groupLink('/integrations/mdp', 'mdp')}
          {groupLink('/integrations/traccar', 'traccar')}
          {groupLink('/integrations/whats', 'whats')}
          {groupLink('/integrations/nfse', 'nfse')}
          {groupLink('/integrations/reajuste', 'reajuste')}
        </MenuGroup>
        {isAdministrator ? (
          <MenuGroup
            label="app.menu.configuracoes"
            icon={<SettingsIcon />}
            paths={['/usuarios', '/notificacoes', '/auditoria', '/importar', '/seguranca', '/backups']}
          >
            {groupLink('/usuarios', 'usuarios')}
            {groupLink('/notificacoes', 'notificacoes')}
            {groupLink('/auditoria', 'auditoria')}
            {groupLink('/importar', 'importar')}
            {groupLink('/seguranca', 'seguranca')}
            {groupLink('/backups', 'backups')}
          </MenuGroup>
        ) : null}
      </Menu>
    </Box>
  );
}
