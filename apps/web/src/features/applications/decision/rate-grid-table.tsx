import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RateGridRowView } from '@credence/contracts';
import { formatPercent, formatRate, money, rateGridRowsFor, type PaymentFrequency } from '@credence/domain';
import { showMoney } from '../../../components/form/values.ts';
import { decisionPageTexts } from './texts.ts';

/** The LTV buckets of every row, ascending: the grid's columns. */
const bucketsOf = (grid: readonly RateGridRowView[]) =>
  [...new Set(grid.flatMap((row) => row.cells.map((c) => c.ltv)))].sort((a, b) => money(a).comparedTo(money(b)));

/**
 * The term-by-LTV rate grid (spec 3 §2, §4): a row per term with its max loan and max LTV, a column per LTV bucket;
 * a click on a cell chooses term, rate and amount. Rows whose term does not fit the payment frequency are disabled.
 */
export const RateGridTable = ({
  grid,
  frequency,
  selected,
  disabled,
  onChoose,
}: {
  grid: readonly RateGridRowView[];
  frequency: PaymentFrequency;
  selected: { term: number; ltv: string } | null;
  disabled: boolean;
  onChoose: (row: RateGridRowView, cell: { ltv: string; rate: string }) => void;
}) => {
  // A term set without rates or limits (the policy gave none) is no grid to choose from.
  if (grid.every((row) => row.cells.length === 0 && row.maxLoan === null && row.maxLtv === null))
    return (
      <Typography variant="body2" color="text.secondary">
        {decisionPageTexts.noRateGrid}
      </Typography>
    );
  const buckets = bucketsOf(grid);
  const rows = rateGridRowsFor(grid, frequency);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {decisionPageTexts.rateGridHint}
      </Typography>
      <Table size="small" aria-label="Rate grid" data-testid="rate-grid" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th">Term</TableCell>
            {buckets.map((ltv) => (
              <TableCell key={ltv} align="center" component="th">
                ≤ {formatPercent(money(ltv), 0, 2)} LTV
              </TableCell>
            ))}
            <TableCell align="right" component="th">
              Max Loan
            </TableCell>
            <TableCell align="right" component="th">
              Max LTV
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <Tooltip key={row.term} title={row.enabled ? '' : decisionPageTexts.invalidTermTooltip} placement="left">
              <TableRow
                data-testid={`rate-grid-row-${row.term}`}
                sx={row.enabled ? undefined : { '& td': { color: 'text.disabled' } }}
              >
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{row.term} mo</TableCell>
                {buckets.map((ltv) => {
                  const cell = row.cells.find((c) => money(c.ltv).eq(money(ltv)));
                  if (!cell) return <TableCell key={ltv} />;
                  const isSelected = selected?.term === row.term && selected.ltv === cell.ltv;
                  return (
                    <TableCell key={ltv} align="center" sx={{ p: 0.25 }}>
                      <ButtonBase
                        disabled={disabled || !row.enabled}
                        onClick={() => onChoose(row, cell)}
                        aria-pressed={isSelected}
                        aria-label={`${row.term} months up to ${formatPercent(money(cell.ltv), 0, 2)} LTV at ${formatRate(cell.rate)}`}
                        sx={{
                          width: '100%',
                          minWidth: 64,
                          py: 0.75,
                          borderRadius: 1,
                          fontVariantNumeric: 'tabular-nums',
                          fontWeight: isSelected ? 700 : 500,
                          border: 1,
                          borderColor: isSelected ? 'primary.main' : 'transparent',
                          bgcolor: isSelected ? 'primary.main' : 'transparent',
                          color: isSelected ? 'primary.contrastText' : row.enabled ? 'text.primary' : 'text.disabled',
                          '&:hover': { bgcolor: isSelected ? 'primary.dark' : 'action.hover' },
                          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
                        }}
                      >
                        {formatRate(cell.rate)}
                      </ButtonBase>
                    </TableCell>
                  );
                })}
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {showMoney(row.maxLoan)}
                </TableCell>
                <TableCell align="right">{row.maxLtv === null ? '—' : formatPercent(money(row.maxLtv))}</TableCell>
              </TableRow>
            </Tooltip>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
