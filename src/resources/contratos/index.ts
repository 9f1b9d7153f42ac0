import { lazy } from 'react';
import HistoryEduIcon from '@mui/icons-material/HistoryEduOutlined';

export default {
  list: lazy(() => import('./ContratoList')),
  icon: HistoryEduIcon,
  recordRepresentation: 'id',
  hasCreate: true,
  hasEdit: true,
};
