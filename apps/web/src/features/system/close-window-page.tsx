import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** /closeWindow: closes the window it was opened in (windows opened by script only). */
export const CloseWindowPage = () => {
  useEffect(() => {
    window.close();
  }, []);
  return (
    <Box sx={{ p: 4 }}>
      <Typography>You can close this window.</Typography>
    </Box>
  );
};
