import { lazy } from 'react';
import SensorsIcon from '@mui/icons-material/SensorsOutlined';

/** Frota → Saúde (/frota); the map is a custom route (/frota/mapa), loaded only there. */
export default {
  list: lazy(() => import('./FrotaList')),
  icon: SensorsIcon,
};
