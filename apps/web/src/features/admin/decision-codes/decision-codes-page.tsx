import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { decisionCodeTypeLabels, decisionCodeTypes, type DecisionCodeType } from '@credence/contracts';
import { ResourceListPage } from '../kit/resource-list-page.tsx';
import { decisionCodeTypeAreas } from './decision-code-types.ts';

const isCodeType = (value: string | null): value is DecisionCodeType =>
  (decisionCodeTypes as readonly (string | null)[]).includes(value);

/**
 * /admin/decisionCodes?type=<codeType>: a tab per code type (decline reasons first), each the kit's list of that
 * type with its form. The tab is in the URL, so a reload or a shared link keeps it; changing tab starts its list
 * afresh (page, sort and search belong to one type).
 */
export const DecisionCodesPage = () => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const codeType: DecisionCodeType = isCodeType(requested) ? requested : 'declineReason';
  const area = decisionCodeTypeAreas[codeType];
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mt: -1 }}>
        <Tabs
          value={codeType}
          onChange={(_event, value: DecisionCodeType) =>
            setParams(value === 'declineReason' ? {} : { type: value }, { replace: true })
          }
          aria-label="Decision code types"
          variant="scrollable"
          scrollButtons="auto"
        >
          {decisionCodeTypes.map((type) => (
            <Tab key={type} value={type} label={decisionCodeTypeLabels[type]} />
          ))}
        </Tabs>
      </Box>
      <ResourceListPage key={codeType} area={area} />
    </>
  );
};
