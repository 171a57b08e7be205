import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { worksheetTexts } from './texts.ts';
import { useWorksheet } from './worksheet-context.ts';
import { worksheetOfPath } from './worksheets.ts';
import { ClosingSummaryPage } from '../loan-summary/closing-summary-page.tsx';

/**
 * The two worksheet routes that share one lazy route entry in the shell's bundle (issue 17's size budget): the
 * closing summary page, and a worksheet not built yet (sales) — the worksheet frame shows its title, header and
 * tabs; the page says plainly that the worksheet is not available yet and leads to the Application worksheet.
 * Queue rows never open it (`worksheetPathForState` falls back).
 */
export const WorksheetTitlePage = () => {
  const { applicationId } = useWorksheet();
  const current = worksheetOfPath(useLocation().pathname);
  if (current.path === 'closingSummary') return <ClosingSummaryPage />;
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
