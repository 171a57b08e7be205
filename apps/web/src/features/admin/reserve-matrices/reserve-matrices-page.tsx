import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { reserveTexts } from '@credence/contracts';
import { ResourceListPage } from '../kit/resource-list-page.tsx';
import { reserveMatricesListArea, reservesListArea } from './reserve-lists.ts';

type TabKey = 'matrices' | 'reserves';

/**
 * /admin/reserveMatrices: the 'Reserve Matrices' and 'Reserves' tabs. The tab is in the URL (?tab=reserves); changing
 * tabs drops the other list's paging and search.
 */
export const ReserveMatricesPage = () => {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'reserves' ? 'reserves' : 'matrices';
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) => setParams(next === 'reserves' ? { tab: next } : {}, { replace: true })}
          aria-label="Reserve matrices and reserves"
        >
          <Tab value="matrices" label={reserveTexts.tabMatrices} />
          <Tab value="reserves" label={reserveTexts.tabReserves} />
        </Tabs>
      </Box>
      {tab === 'reserves' ? (
        <ResourceListPage key="reserves" area={reservesListArea} />
      ) : (
        <ResourceListPage key="matrices" area={reserveMatricesListArea} />
      )}
    </>
  );
};
