import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import SummarizeOutlinedIcon from '@mui/icons-material/SummarizeOutlined';
import { loanSummaryTexts } from '@credence/contracts';

/** The dialog's code (and its PDF handling) loads the first time it opens. */
const LoanSummaryDialog = lazy(() =>
  import('./loan-summary-dialog.tsx').then((module) => ({ default: module.LoanSummaryDialog })),
);

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
      {open ? (
        <Suspense fallback={null}>
          <LoanSummaryDialog applicationId={applicationId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
