/** Top bar: title, the search box, the pre-registrations waiting (a bell), a profile link to /settings/perfil/ and logout. */
import * as React from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import { Avatar, Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { useGetIdentity, useLogout, useTranslate } from 'ra-core';
import { AppBar, TitlePortal } from 'react-admin';
import { LinkBase as Link } from 'ra-core';
import { GlobalSearch } from './GlobalSearch';
import { ConversasAviso } from './ConversasAviso';
import { PreCadastrosAviso } from './PreCadastrosAviso';

function ProfileLink() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Button
      component={Link}
      to="/settings/perfil/"
      color="inherit"
      aria-label={translate('app.appbar.profile')}
      startIcon={<Avatar src={identity?.avatar} alt="" sx={{ width: 28, height: 28 }} />}
      sx={{ textTransform: 'none' }}
    >
      <Box
        component="span"
        sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {identity?.fullName ?? translate('app.appbar.profile')}
      </Box>
    </Button>
  );
}

function LogoutIconButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const label = translate('app.appbar.logout');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => logout()}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}

export function AppTopBar() {
  const translate = useTranslate();
  return (
    <AppBar userMenu={false} color="primary">
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, mr: 2, display: { xs: 'none', md: 'block' } }}>
        {translate('app.title')}
      </Typography>
      <TitlePortal variant="subtitle1" sx={{ display: { xs: 'none', md: 'block' } }} />
      <GlobalSearch />
      <ConversasAviso />
      <PreCadastrosAviso />
      <ProfileLink />
      <LogoutIconButton />
    </AppBar>
  );
}
