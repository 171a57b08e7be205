import { useState } from 'react';
import Button from '@mui/material/Button';
import SummarizeOutlinedIcon from '@mui/icons-material/SummarizeOutlined';
import { loanSummaryTexts } from '@credence/contracts';
import { LoanSummaryDialog } from './loan-summary-dialog.tsx';

/** 'Loan Summary' in the worksheet header (every worksheet, spec 3 §2): opens the Loan Summary dialog. */
export const LoanSummaryButton = ({ applicationId }: { applicationId: number }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<SummarizeOutlinedIcon />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'center', ml: 'auto', displayPrint: 'none' }}
        data-testid="loan-summary-button"
      >
        {loanSummaryTexts.dialogTitle}
      </Button>
      {open ? <LoanSummaryDialog applicationId={applicationId} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
