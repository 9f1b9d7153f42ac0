import { lazy } from 'react';
import RouterIcon from '@mui/icons-material/RouterOutlined';

export default {
  list: lazy(() => import('./RastreadorList')),
  icon: RouterIcon,
  recordRepresentation: 'imei',
  hasCreate: true,
  hasEdit: true,
};
