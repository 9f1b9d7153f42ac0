/** Screens of later issues: a clear "Em construção" page inside the shell. */
import * as React from 'react';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { LinkBase as Link } from 'ra-core';

/** The pages that only say something: their title, their message, and the button back to the Dashboard. */
const TEXTS = {
  construction: { title: 'app.construction.title', message: 'app.construction.message', back: 'app.construction.back' },
  not_found: { title: 'app.not_found.title', message: 'app.not_found.message', back: 'app.not_found.back' },
};

export function MessagePage({ icon, page }: { icon: React.ReactNode; page: keyof typeof TEXTS }) {
  const translate = useTranslate();
  const { title, message, back } = TEXTS[page];
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
  return <MessagePage icon={<ConstructionIcon color="warning" sx={{ fontSize: 56 }} />} page="construction" />;
}

export default UnderConstruction;
