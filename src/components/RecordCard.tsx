/** The card of a record a search tab found or chose (client, vehicle, tracker): icon, optional title, its lines, optional action. */
import * as React from 'react';
import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface RecordCardProps {
  icon: React.ReactNode;
  /** i18n key of the heading above the lines, also the card's accessible name. */
  title?: string;
  action?: React.ReactNode;
  alignItems?: 'center' | 'flex-start';
  /** The card's element: 'section' for one that is always a part of the page of its own (a tracker). */
  component?: 'div' | 'section';
  children: React.ReactNode;
}

export function RecordCard({ icon, title, action, alignItems = 'center', component = 'div', children }: RecordCardProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ width: '100%' }} component={component} aria-label={title ? translate(title) : undefined}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems, '&:last-child': action ? {} : { pb: 2 } }}>
        {icon}
        <Box>
          {title ? (
            <Typography variant="overline" color="text.secondary">
              {translate(title)}
            </Typography>
          ) : null}
          {children}
        </Box>
      </CardContent>
      {action ? <CardActions sx={{ justifyContent: 'flex-end' }}>{action}</CardActions> : null}
    </Card>
  );
}
