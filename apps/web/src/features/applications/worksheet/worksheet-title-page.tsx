import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { worksheetTexts } from './texts.ts';
import { useWorksheet } from './worksheet-context.ts';
import { worksheetOfPath } from './worksheets.ts';

/**
 * A worksheet not built yet (credit, decision, funding requirements, funding, sales, closing summary): the
 * worksheet frame shows its title, header and tabs; the page says plainly that the worksheet is not available
 * yet and leads to the Application worksheet. Queue rows never open it (`worksheetPathForState` falls back).
 */
export const WorksheetTitlePage = () => {
  const { applicationId } = useWorksheet();
  const current = worksheetOfPath(useLocation().pathname);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 5 }, display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}
      data-testid="worksheet-not-available"
    >
      <ConstructionIcon color="action" sx={{ fontSize: 40 }} />
      <Typography variant="h6" component="h2">
        {worksheetTexts.notAvailableTitle(current.title)}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {worksheetTexts.notAvailable}
      </Typography>
      <Button variant="contained" component={RouterLink} to={`/application/${applicationId}`} sx={{ mt: 1 }}>
        {worksheetTexts.openApplicationWorksheet}
      </Button>
    </Paper>
  );
};
