import { lazy } from 'react';
import ClientesIcon from '@mui/icons-material/PeopleAltOutlined';

export default {
  list: lazy(() => import('./ClienteList')),
  icon: ClientesIcon,
  recordRepresentation: (record: { cadastro?: string; name?: string; razaosocial?: string }) =>
    (record.cadastro === 'JURIDICA' && record.razaosocial) || record.name || '',
  hasCreate: true,
  hasEdit: true,
};
