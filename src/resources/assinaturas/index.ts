import { lazy } from 'react';
import AutorenewIcon from '@mui/icons-material/Autorenew';

export default {
  list: lazy(() => import('./AssinaturaList')),
  icon: AutorenewIcon,
  recordRepresentation: 'description',
  hasCreate: true,
  hasEdit: true,
};
