import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';

export default {
  list: lazy(() => import('./CobrancaList')),
  icon: ReceiptLongIcon,
  recordRepresentation: 'descricao',
  hasCreate: true,
  hasEdit: true,
};
