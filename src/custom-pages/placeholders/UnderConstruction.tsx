/** Screens of later issues: a clear "Em construção" page inside the shell. */
import * as React from 'react';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { LinkBase as Link } from 'ra-core';

export function MessagePage({ icon, title, message, back }: { icon: React.ReactNode; title: string; message: string; back: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }}>
      <Title title={title} />
      <Card variant="outlined" sx={{ maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          {icon}
          <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
            {translate(title)}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {translate(message)}
          </Typography>
          <Button component={Link} to="/dashboard" variant="contained">
            {translate(back)}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

export function UnderConstruction() {
  return (
    <MessagePage
      icon={<ConstructionIcon color="warning" sx={{ fontSize: 56 }} />}
      title="app.construction.title"
      message="app.construction.message"
      back="app.construction.back"
    />
  );
}

export default UnderConstruction;
