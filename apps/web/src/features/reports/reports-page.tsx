import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { messages, REPORT_RIGHT, reportMessages, reports, type ReportKey } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { reportViews } from './report-views.tsx';

/**
 * /reports (issue 33): the lender's reports, each a card that opens it. Behind `canViewReports`, as the menu entry
 * and every report call. A drill-down report (the Funded loan list) is reached from its report, not listed here.
 */
export const ReportsPage = () => {
  const { data: user } = useCurrentUser();
  if (user && !hasRight(user, REPORT_RIGHT)) {
    return (
      <>
        <PageTitle>{reportMessages.title}</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }
  return (
    <>
      <PageTitle>{reportMessages.title}</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {reportMessages.intro}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
          maxWidth: 1400,
        }}
      >
        {reports
          .filter((r) => r.listed)
          .map((report) => {
            const Icon = reportViews[report.key as ReportKey].icon;
            return (
              <Box component="li" key={report.key}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={`/reports/${report.key}`} sx={{ height: '100%' }}>
                    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                      <Icon color="primary" sx={{ mt: 0.25 }} />
                      <Box>
                        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                          {report.title}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {report.description}
                        </Typography>
                      </Box>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
      </Box>
    </>
  );
};
