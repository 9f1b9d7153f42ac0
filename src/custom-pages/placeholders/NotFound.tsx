import * as React from 'react';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { MessagePage } from './UnderConstruction';

/** Unknown routes inside the shell (the Admin catchAll). */
export function NotFound() {
  return (
    <MessagePage
      icon={<SearchOffIcon color="action" sx={{ fontSize: 56 }} />}
      title="app.not_found.title"
      message="app.not_found.message"
      back="app.not_found.back"
    />
  );
}

export default NotFound;
