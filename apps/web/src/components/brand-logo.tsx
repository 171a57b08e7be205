import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Credence mark: a 'C' with a gold dot, drawn inline (no network fetch). */
export const BrandMark = ({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) => (
  <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: size, height: size, flexShrink: 0 }}>
    <rect width="64" height="64" rx="12" fill={inverted ? '#ffffff' : '#1f4e79'} />
    <path
      d="M44 22a16 16 0 1 0 0 20"
      fill="none"
      stroke={inverted ? '#1f4e79' : '#ffffff'}
      strokeWidth="7"
      strokeLinecap="round"
    />
    <circle cx="46" cy="32" r="4" fill="#f2b134" />
  </Box>
);

export const BrandName = ({ color = 'inherit', size = 18 }: { color?: string; size?: number }) => (
  <Typography component="span" sx={{ color, fontSize: size, fontWeight: 700, letterSpacing: 0.3 }}>
    Credence
  </Typography>
);
