/**
 * A summary card's content (the charges' buckets, the stock's and the fleet's situations, an
 * import's counts, a client's totals): its label, then its figure, large, in the card's colour, and
 * what goes under it.
 */
import * as React from 'react';
import { CardContent, Typography } from '@mui/material';

export interface FigureContentProps {
  label: React.ReactNode;
  figure: React.ReactNode;
  color: string;
  /** Shown instead of the figure while it loads (a Skeleton). */
  loading?: React.ReactNode;
  children?: React.ReactNode;
}

export function FigureContent({ label, figure, color, loading, children }: FigureContentProps) {
  return (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {loading ?? (
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, color }}>
          {figure}
        </Typography>
      )}
      {children}
    </CardContent>
  );
}
