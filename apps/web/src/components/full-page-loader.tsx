import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export const FullPageLoader = ({ label }: { label?: string }) => (
  <Box
    role="status"
    aria-live="polite"
    sx={{
      minHeight: '60vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 2,
    }}
  >
    <CircularProgress aria-label={label ?? 'Loading'} />
    {label ? <Typography color="text.secondary">{label}</Typography> : null}
  </Box>
);
