import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { decisionTypeLabels, type DecisionHistoryRow, type DecisionWorksheet } from '@credence/contracts';
import { formatRate, money } from '@credence/domain';
import { enumLabel } from '../../../components/form/fields.tsx';
import { showMoney } from '../../../components/form/values.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { WorksheetCard } from '../worksheet/view-parts.tsx';
import { openLetter, useDecisionHistory } from './decision-api.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';
import { decisionLabels, decisionPageTexts } from './texts.ts';

const letters = [
  { kind: 'adverse', label: decisionPageTexts.adverseActionLetter },
  { kind: 'facta', label: decisionPageTexts.creditScoreDisclosure },
] as const;

const termsOf = (row: DecisionHistoryRow) =>
  row.amount === null
    ? '—'
    : [
        showMoney(row.amount),
        row.term === null ? null : `${row.term} mo`,
        row.interestRate === null ? null : formatRate(row.interestRate),
        row.monthlyPayment === null ? null : `${showMoney(row.monthlyPayment)} / payment`,
        row.apr === null ? null : `APR ${money(row.apr).toFixed(3)}%`,
      ]
        .filter(Boolean)
        .join(' · ');

/**
 * The decision history (every receipt version: who, when, type, terms) with each version's receipt, the
 * 'Retract Decision' button for an approval or a counter-offer, and the decline letters per applicant.
 */
export const DecisionHistoryCard = ({
  worksheet,
  canRetract,
  retractDisabledReason,
  onRetract,
}: {
  worksheet: DecisionWorksheet;
  canRetract: boolean;
  retractDisabledReason: string | null;
  onRetract: () => void;
}) => {
  const history = useDecisionHistory(worksheet.id);
  const [receiptId, setReceiptId] = useState<number | null>(null);
  const retractable = worksheet.state === 'approved' || worksheet.state === 'counteroffer';
  return (
    <WorksheetCard
      title={decisionLabels.history}
      testId="decision-history-card"
      actions={
        retractable && canRetract ? (
          <Tooltip title={retractDisabledReason ?? ''}>
            <span>
              <Button
                size="small"
                variant="outlined"
                color="warning"
                onClick={onRetract}
                disabled={retractDisabledReason !== null}
              >
                {decisionPageTexts.retractTitle}
              </Button>
            </span>
          </Tooltip>
        ) : null
      }
    >
      {worksheet.state === 'declined' ? (
        <Box sx={{ mb: 2 }} data-testid="decline-letters">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75 }}>
            Letters
          </Typography>
          <Stack spacing={1}>
            {worksheet.applicants.map((applicant) => (
              <Stack
                key={applicant.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                useFlexGap
              >
                <Typography variant="body2" sx={{ minWidth: 220, fontWeight: 500 }}>
                  {applicant.name} ({enumLabel(applicant.role)})
                </Typography>
                {letters.map(({ kind, label }) => (
                  <Button
                    key={kind}
                    size="small"
                    variant="outlined"
                    aria-label={`${label} for ${applicant.name}`}
                    onClick={() =>
                      void openLetter(kind, {
                        applicationId: worksheet.id,
                        applicantId: applicant.id,
                        declineId: worksheet.decline?.id ?? null,
                      })
                    }
                  >
                    {label}
                  </Button>
                ))}
              </Stack>
            ))}
          </Stack>
        </Box>
      ) : null}
      {history.isError ? (
        <Alert severity="error">{decisionPageTexts.historyRetrieveFailed}</Alert>
      ) : (history.data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {history.isPending ? 'Loading…' : decisionPageTexts.emptyHistory}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={decisionLabels.history} data-testid="decision-history">
            <TableHead>
              <TableRow>
                <TableCell>Version</TableCell>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Decision</TableCell>
                <TableCell>Terms</TableCell>
                <TableCell>Tier</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(history.data ?? []).map((row) => (
                <TableRow key={row.id} data-testid={`decision-history-row-${row.version}`}>
                  <TableCell>{row.version}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
                  <TableCell>{row.source === 'auto' ? 'Auto-decision' : (row.createdBy ?? '—')}</TableCell>
                  <TableCell>
                    {row.entryKind === 'retraction' ? (
                      <Tooltip title={row.reason ?? ''}>
                        <Chip size="small" color="warning" variant="outlined" label="Retracted" />
                      </Tooltip>
                    ) : (
                      decisionTypeLabels[row.decisionType]
                    )}
                  </TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{termsOf(row)}</TableCell>
                  <TableCell>{row.tier ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => setReceiptId(row.id)}
                      aria-label={`${decisionPageTexts.viewReceipt} of version ${row.version}`}
                    >
                      {decisionPageTexts.viewReceipt}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ReceiptDialog applicationId={worksheet.id} decisionId={receiptId} onClose={() => setReceiptId(null)} />
    </WorksheetCard>
  );
};
