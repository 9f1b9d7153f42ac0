import { lazy } from 'react';
import BuildIcon from '@mui/icons-material/BuildOutlined';

export default {
  list: lazy(() => import('./OrdemServicoList')),
  icon: BuildIcon,
  recordRepresentation: 'descricao',
  hasCreate: true,
  hasEdit: true,
};
