import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DryRunProblem, DryRunResult, LoanWorksheet } from '@credence/contracts';
import { formatRate, formatUsDate, paymentFrequencyLabels } from '@credence/domain';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { showMoney } from '../../../components/form/values.ts';
import { useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { DataList, SubHeading } from '../worksheet/view-parts.tsx';
import { fundingLabels, fundingTexts } from './texts.ts';

const date = (iso: string | null) => (iso ? formatUsDate(iso) : null);

/** Problems in plain words, each with its link to where it is fixed (the dry run, the worksheet's conditions). */
export const ProblemList = ({
  problems,
  onFix,
  testId,
}: {
  problems: readonly DryRunProblem[];
  onFix: (fixPath: string) => void;
  testId: string;
}) => (
  <List dense disablePadding data-testid={testId}>
    {problems.map((p, i) => (
      <ListItem
        key={`${p.code}-${i}`}
        disableGutters
        sx={{ display: 'list-item', ml: 2.5, listStyle: 'disc', py: 0.25 }}
      >
        {p.message}
        {p.fixPath ? (
          <>
            {' '}
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => onFix(p.fixPath!)}
              sx={{ verticalAlign: 'baseline', fontWeight: 600 }}
            >
              {p.fixPath.startsWith('#') ? 'Fix it on this worksheet' : 'Go fix it'}
            </Link>
          </>
        ) : null}
      </ListItem>
    ))}
  </List>
);

/**
 * The dry run (issue 14, item 5): the loan as saved beside the exact payload for the lender's core, and each
 * problem in plain words with a link to where it is fixed (an administration page or a field of this worksheet).
 */
export const DryRunDialog = ({
  worksheet,
  result,
  onFix,
  onClose,
}: {
  worksheet: LoanWorksheet;
  result: DryRunResult;
  onFix: (fixPath: string) => void;
  onClose: () => void;
}) => {
  useCloseOnCloseAllDialogs(onClose);
  const { loan } = worksheet;
  const blocking = result.problems.filter((p) => p.blocking);
  const notices = result.problems.filter((p) => !p.blocking);
  return (
    <DialogFrame
      title={fundingLabels.dryRunTitle}
      width="90%"
      onClose={onClose}
      testId="dry-run-dialog"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip label={result.coreService ?? fundingTexts.noCore} color="primary" variant="outlined" />
          <Chip
            label={result.sentToCore ? 'Sent to core when funded' : 'Not sent to core'}
            color={result.sentToCore ? 'success' : 'default'}
            variant="outlined"
          />
          <Typography variant="body2" color="text.secondary">
            Booking reference <strong data-testid="dry-run-reference">{result.reference}</strong>
          </Typography>
        </Stack>
        {!result.sentToCore ? <Alert severity="info">{fundingTexts.coreNotSent}</Alert> : null}
        {blocking.length === 0 ? (
          <Alert severity="success" data-testid="dry-run-ok">
            {fundingTexts.dryRunNoProblems}
          </Alert>
        ) : (
          <Alert severity="error" data-testid="dry-run-problems">
            <AlertTitle>{fundingTexts.dryRunBlocking}</AlertTitle>
            <ProblemList problems={blocking} onFix={onFix} testId="dry-run-problem-list" />
          </Alert>
        )}
        {notices.length > 0 ? (
          <Alert severity="warning" data-testid="dry-run-notices">
            <AlertTitle>{fundingTexts.dryRunNotices}</AlertTitle>
            <ProblemList problems={notices} onFix={onFix} testId="dry-run-notice-list" />
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={fundingLabels.theLoan}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {fundingLabels.theLoan}
            </Typography>
            <DataList
              min={150}
              items={[
                { label: 'Amount', value: showMoney(loan.amount), strong: true },
                { label: 'Payment', value: showMoney(loan.monthlyPayment) },
                { label: 'Term', value: `${loan.term} months` },
                { label: 'Rate', value: formatRate(loan.interestRate) },
                { label: 'Frequency', value: paymentFrequencyLabels[loan.paymentFrequencyId] },
                { label: 'Contract Date', value: date(loan.contractDate) },
                { label: 'First Payment', value: date(loan.firstPaymentDate) },
                worksheet.application.rescissionDateType !== null && {
                  label: 'Rescission Date',
                  value: date(loan.rescissionDate),
                },
                { label: 'Funding Date', value: date(loan.fundingDate) },
                { label: 'Loan Id', value: loan.loanId },
                { label: 'Share Account', value: loan.shareAccountNumber },
                { label: 'Member Number', value: loan.memberNumber },
                {
                  label: 'Reserve',
                  value: loan.reserveName ? `${loan.reserveName} ${showMoney(loan.reserveAmount)}` : null,
                },
              ]}
            />
            <SubHeading>{fundingLabels.disbursements}</SubHeading>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {loan.disbursements.map((d, i) => (
                <Typography component="li" variant="body2" key={i}>
                  {d.payeeName} · {d.disbursalMethodName ?? '—'} · <strong>{showMoney(d.amount)}</strong>
                </Typography>
              ))}
            </Box>
          </Paper>
          <Paper
            variant="outlined"
            sx={{ p: 2, minWidth: 0, bgcolor: 'grey.50' }}
            component="section"
            aria-label={fundingLabels.payload}
          >
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {fundingLabels.payload} {result.coreService ? `(${result.coreService})` : ''}
            </Typography>
            <Box
              component="pre"
              data-testid="dry-run-payload"
              tabIndex={0}
              sx={{
                m: 0,
                p: 1.5,
                maxHeight: 480,
                overflow: 'auto',
                fontSize: 12.5,
                lineHeight: 1.45,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {JSON.stringify(result.payload, null, 2)}
            </Box>
          </Paper>
        </Box>
      </Stack>
    </DialogFrame>
  );
};
