import * as React from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { LinkBase as Link } from 'ra-core';

export interface StatCardProps {
  /** The i18n key of the card's title. */
  label: string;
  icon: React.ReactNode;
  color: string;
  /** The screen the figure comes from. */
  to: string;
  /** The figure, already formatted (or a Skeleton while it loads). */
  children: React.ReactNode;
  /** A line under the figure (last month's, say). */
  caption?: React.ReactNode;
  /** A smaller figure on one line (money), for cards with a caption. */
  compact?: boolean;
  /** The figure's data-testid. */
  testId?: string;
}

/** The dashboard's card: a colored icon, a title and a figure, the whole card a link to its screen. */
export function StatCard({ label, icon, color, to, children, caption, compact, testId }: StatCardProps) {
  const translate = useTranslate();
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
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate(label)}
          </Typography>
          <Typography
            variant={compact ? 'h5' : 'h4'}
            component="p"
            sx={{ fontWeight: 700, ...(compact && { whiteSpace: 'nowrap' }) }}
            data-testid={testId}
          >
            {children}
          </Typography>
          {caption}
        </Box>
      </CardContent>
    </Card>
  );
}

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
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter });
  return (
    <StatCard label={label} icon={icon} color={color} to={to}>
      {isPending ? <Skeleton width={48} /> : error ? '—' : (total ?? 0).toLocaleString('pt-BR')}
    </StatCard>
  );
}
