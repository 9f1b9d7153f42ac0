/**
 * One checklist item's row (the service order's grid and the técnico's phone): its name on the
 * left, labelling the answers on the right, a line under it. No react-admin: /campo uses it too.
 */
import * as React from 'react';
import { Box, Typography, type SxProps, type Theme } from '@mui/material';

export function ChecklistRow({
  labelId,
  label,
  sx,
  labelSx,
  children,
}: {
  labelId: string;
  label: React.ReactNode;
  sx?: SxProps<Theme>;
  labelSx?: SxProps<Theme>;
  children: React.ReactNode;
}) {
  return (
    <Box
      sx={[
        { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, borderBottom: 1, borderColor: 'divider' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Typography id={labelId} variant="body2" sx={labelSx}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}
