import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/PeopleOutline';

export default {
  list: lazy(() => import('./UsuarioList')),
  icon: PeopleIcon,
  recordRepresentation: 'name',
  hasCreate: true,
  hasEdit: true,
};
