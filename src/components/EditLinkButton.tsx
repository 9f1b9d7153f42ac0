/** Per-row edit: a link to /<resource>/<id> (plus `suffix`, as the ResourceDialog's `editSuffix`), which opens the ResourceDialog. */
import * as React from 'react';
import EditIcon from '@mui/icons-material/EditOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import { LinkBase as Link } from 'ra-core';

export function EditLinkButton({ suffix = '' }: { suffix?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  if (!record || !resource) return null;
  const label = translate('app.list.edit');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} size="small" color="primary" component={Link} to={`/${resource}/${record.id}${suffix}`}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
