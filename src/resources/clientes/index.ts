import { lazy } from 'react';
import ClientesIcon from '@mui/icons-material/PeopleAltOutlined';
import { clienteNome } from '../../../domain/clientes';

export default {
  list: lazy(() => import('./ClienteList')),
  show: lazy(() => import('./ClienteShow')),
  icon: ClientesIcon,
  recordRepresentation: clienteNome,
  hasCreate: true,
  hasEdit: true,
  hasShow: true,
};
