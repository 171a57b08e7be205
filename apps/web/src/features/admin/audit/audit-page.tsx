import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { messages } from '@credence/contracts';
import { PageTitle } from '../../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { AuditHistoryPanel } from './audit-history-panel.tsx';
import { SsnLookupsPanel } from './ssn-lookups-panel.tsx';

const TABS = [
  { key: 'changes', label: 'Configuration Changes' },
  { key: 'ssnLookups', label: 'SSN Lookups' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * Administration › Audit History (/admin/audit): every audited change of the lender's configuration with its
 * changed properties, filters, CSV export and a record's values as of a date (issue 9, item 7); and, on a second
 * tab (?tab=ssnLookups), the SSN-lookup log (issue 10).
 */
export const AuditPage = () => {
  const { data: user } = useCurrentUser();
  const allowed = hasRight(user, 'canViewAuditHistory');
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'ssnLookups' ? 'ssnLookups' : 'changes';

  if (!allowed)
    return (
      <>
        <PageTitle>Audit History</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  return (
    <>
      <PageTitle>Audit History</PageTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          aria-label="Audit History"
          onChange={(_event, next: TabKey) => setParams(next === 'changes' ? {} : { tab: next }, { replace: false })}
        >
          {TABS.map(({ key, label }) => (
            <Tab key={key} value={key} label={label} id={`audit-tab-${key}`} aria-controls={`audit-panel-${key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`audit-panel-${tab}`} aria-labelledby={`audit-tab-${tab}`}>
        {tab === 'changes' ? <AuditHistoryPanel /> : <SsnLookupsPanel />}
      </Box>
    </>
  );
};
