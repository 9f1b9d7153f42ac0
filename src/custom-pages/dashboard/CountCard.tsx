import * as React from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { LinkBase as Link } from 'ra-core';

export interface CountCardProps {
  label: string;
  resource: string;
  filter?: Record<string, unknown>;
  icon: React.ReactNode;
  color: string;
  to: string;
}

/** One dashboard count: GET /v1/<resource>?pageSize=1[&status=…] → meta.total. */
export function CountCard({ label, resource, filter = {}, icon, color, to }: CountCardProps) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent
        component={Link}
        to={to}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ bgcolor: color, color: '#fff', borderRadius: 2, p: 1.5, display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate(label)}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {isPending ? <Skeleton width={48} /> : error ? '—' : (total ?? 0).toLocaleString('pt-BR')}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
