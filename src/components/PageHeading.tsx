/** A page's heading: its title (the page's h1) on the left, the page's actions on the right. */
import * as React from 'react';
import { Box, Typography } from '@mui/material';

export function PageHeading({ title, children }: { title: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
