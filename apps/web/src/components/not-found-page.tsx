import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageTitle } from './page-title.tsx';

export const NotFoundPage = () => (
  <>
    <PageTitle>Page not found</PageTitle>
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      The address does not match any page of Credence.
    </Typography>
    <Button component={RouterLink} to="/home" variant="outlined">
      Go to Home
    </Button>
  </>
);
