import { lazy } from 'react';
import SimCardIcon from '@mui/icons-material/SimCardOutlined';

export default {
  list: lazy(() => import('./ChipList')),
  icon: SimCardIcon,
  recordRepresentation: 'iccid',
  hasCreate: true,
  hasEdit: true,
};
