import Button from '@mui/material/Button';
import CalculateIcon from '@mui/icons-material/Calculate';
import { PageTitle } from '../../components/page-title.tsx';
import { openPaymentCalculator } from '../../lib/payment-calculator-window.ts';

export const ToolsPage = () => (
  <>
    <PageTitle>Tools</PageTitle>
    <Button variant="outlined" startIcon={<CalculateIcon />} onClick={() => openPaymentCalculator()}>
      Payment Calculator
    </Button>
  </>
);
