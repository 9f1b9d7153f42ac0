import { lazy } from 'react';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';

export default {
  list: lazy(() => import('./VeiculoList')),
  icon: DirectionsCarIcon,
  recordRepresentation: 'placa',
  hasCreate: true,
  hasEdit: true,
};
