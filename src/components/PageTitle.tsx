/** A page's title: in the app bar (react-admin's Title) and as the page's h1. */
import * as React from 'react';
import { Typography } from '@mui/material';
import { Title } from 'react-admin';

/** `title` is the translated text. */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
    </>
  );
}
