/** A per-row icon link to a page of the record (a contract's document, a charge's page). */
import * as React from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { LinkBase as Link, useRecordContext, useTranslate, type RaRecord } from 'ra-core';

export interface RowLinkButtonProps {
  /** i18n key of the label (tooltip and accessible name). */
  label: string;
  icon: React.ReactNode;
  to: (record: RaRecord) => string;
}

export function RowLinkButton({ label, icon, to }: RowLinkButtonProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const text = translate(label);
  return (
    <Tooltip title={text}>
      <IconButton aria-label={text} size="small" color="primary" component={Link} to={to(record)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
