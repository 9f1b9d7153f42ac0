import * as React from 'react';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { MessagePage } from './UnderConstruction';

/** Unknown routes inside the shell (the Admin catchAll). */
export function NotFound() {
  return <MessagePage icon={<SearchOffIcon color="action" sx={{ fontSize: 56 }} />} page="not_found" />;
}

export default NotFound;
