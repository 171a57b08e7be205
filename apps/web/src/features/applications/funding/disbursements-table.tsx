import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { disbursementPayeeTypes, type LoanPayoff, type LoanWorksheet } from '@credence/contracts';
import { formatUsDate } from '@credence/domain';
import { MoneyInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { showMoney } from '../../../components/form/values.ts';
import { formatCurrency } from '../../../lib/format.ts';
import { balanceOf, blankLine, type FundingForm } from './funding-form.ts';
import { fundingLabels, fundingTexts } from './texts.ts';

const payeeTypeLabels: Record<(typeof disbursementPayeeTypes)[number], string> = {
  dealer: 'Dealer',
  lienholder: 'Lienholder',
  member: 'Member',
  other: 'Other',
};

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** The liens and internal refinances paid off at the funding date: payoff + per diem × days. */
export const PayoffsTable = ({ payoffs }: { payoffs: readonly LoanPayoff[] }) =>
  payoffs.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      {fundingTexts.noPayoffs}
    </Typography>
  ) : (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={fundingLabels.payoffs} data-testid="funding-payoffs">
        <TableHead>
          <TableRow>
            <TableCell>Lienholder</TableCell>
            <TableCell>Loan #</TableCell>
            <TableCell align="right">Payoff</TableCell>
            <TableCell align="right">Per Diem</TableCell>
            <TableCell>Good Through</TableCell>
            <TableCell>Paid Off On</TableCell>
            <TableCell align="right">Days</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payoffs.map((p) => (
            <TableRow key={`${p.kind}-${p.sourceId}`}>
              <TableCell>
                {p.lienholder}
                {p.kind === 'internalRefinance' ? (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    (internal refinance)
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{p.loanNumber ?? '—'}</TableCell>
              <TableCell align="right" sx={num}>
                {showMoney(p.payoffAmount)}
              </TableCell>
              <TableCell align="right" sx={num}>
                {showMoney(p.perDiem)}
              </TableCell>
              <TableCell>{formatUsDate(p.goodThrough)}</TableCell>
              <TableCell>{formatUsDate(p.payoffDate)}</TableCell>
              <TableCell align="right" sx={num}>
                {p.days}
              </TableCell>
              <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
                {showMoney(p.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );

/**
 * The payouts of the funding (issue 14, item 4): payee, payee name, disbursal method and amount per line, lines
 * added and removed, and the running "remaining" (amount financed − the lines, exact decimal) that must be $0.00.
 */
export const DisbursementsTable = ({
  worksheet,
  disabled,
  readOnly,
  onLoadProposed,
  loadingProposed,
}: {
  worksheet: LoanWorksheet;
  disabled: boolean;
  /** A funded loan: the lines are shown, not edited (no add, load or remove). */
  readOnly?: boolean;
  onLoadProposed: () => void;
  loadingProposed: boolean;
}) => {
  const { control } = useFormContext<FundingForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'disbursements' });
  const lines = useWatch({ control, name: 'disbursements' });
  const balance = balanceOf(worksheet.loan.amount, lines ?? []);
  const methods = worksheet.disbursalMethods.map((m) => ({ value: m.id, label: m.name }));
  return (
    <Stack spacing={1.5} id="disbursements" tabIndex={-1} sx={{ outline: 'none' }}>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {fundingTexts.noDisbursements}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={fundingLabels.disbursements} data-testid="funding-disbursements">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 150 }}>Payee</TableCell>
                <TableCell>Payee Name</TableCell>
                <TableCell sx={{ width: 220 }}>Method</TableCell>
                <TableCell sx={{ width: 190 }} align="right">
                  Amount
                </TableCell>
                <TableCell sx={{ width: 48 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f, i) => (
                <TableRow key={f.id} data-testid={`disbursement-row-${i}`}>
                  <TableCell>
                    <SelectInput
                      name={`disbursements.${i}.payeeType`}
                      label={`Line ${i + 1} payee`}
                      disabled={disabled}
                      options={disbursementPayeeTypes.map((t) => ({ value: t, label: payeeTypeLabels[t] }))}
                      sx={{ minWidth: 130 }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextInput
                      name={`disbursements.${i}.payeeName`}
                      label={`Line ${i + 1} payee name`}
                      maxLength={200}
                      disabled={disabled}
                      sx={{ minWidth: 200 }}
                    />
                  </TableCell>
                  <TableCell>
                    <SelectInput
                      name={`disbursements.${i}.disbursalMethodId`}
                      label={`Line ${i + 1} method`}
                      numeric
                      emptyLabel="None"
                      disabled={disabled}
                      options={methods}
                      sx={{ minWidth: 180 }}
                    />
                  </TableCell>
                  <TableCell>
                    <MoneyInput
                      name={`disbursements.${i}.amount`}
                      label={`Line ${i + 1} amount`}
                      disabled={disabled}
                      sx={{ minWidth: 150 }}
                    />
                  </TableCell>
                  <TableCell>
                    <Tooltip title="Remove this line">
                      <span>
                        <IconButton
                          aria-label={`Remove line ${i + 1}`}
                          onClick={() => remove(i)}
                          disabled={disabled}
                          size="small"
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ visibility: readOnly ? 'hidden' : 'visible' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<PlaylistAddCheckIcon />}
            onClick={onLoadProposed}
            disabled={disabled || loadingProposed}
          >
            {fundingLabels.loadProposed}
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => append(blankLine(worksheet))}
            disabled={disabled}
          >
            {fundingLabels.addLine}
          </Button>
        </Stack>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'baseline' }}>
          <Typography variant="body2" color="text.secondary">
            Amount financed <strong style={num}>{showMoney(worksheet.loan.amount)}</strong>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Disbursed{' '}
            <strong style={num} data-testid="disbursement-total">
              {formatCurrency(balance.total)}
            </strong>
          </Typography>
          <Typography
            variant="body1"
            sx={{ fontWeight: 700 }}
            color={balance.balanced ? 'success.main' : 'error.main'}
            role="status"
          >
            {fundingLabels.remaining}{' '}
            <span style={num} data-testid="disbursement-remaining">
              {balance.remaining === null ? '—' : formatCurrency(balance.remaining)}
            </span>
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
};
