import { lazy } from 'react';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';

export default {
  list: lazy(() => import('./PlanoList')),
  icon: RequestQuoteIcon,
  recordRepresentation: 'descricao',
  hasCreate: true,
  hasEdit: true,
};
