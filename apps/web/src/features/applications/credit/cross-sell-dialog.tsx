import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  crossSellEndpoints,
  adminMessages,
  messages,
  type CrossSellOpportunity,
  type InternalCrossSellOffer,
} from '@credence/contracts';
import { money } from '@credence/domain';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatCurrency } from '../../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { creditKeys } from './credit-api.ts';

const dollars = (value: string) => formatCurrency(money(value));
const signedDollars = (value: string) => (money(value).gt(0) ? `+${dollars(value)}` : dollars(value));

/** The one option chosen across both lists (spec 1: "only one option may be selected at a time across the list"). */
type Choice =
  | { kind: 'refi'; opportunity: CrossSellOpportunity; termMonths: number }
  | { kind: 'internal'; offer: InternalCrossSellOffer };

const choiceKey = (c: Choice | null) =>
  c === null
    ? ''
    : c.kind === 'refi'
      ? `refi:${c.opportunity.crossSellId}:${c.opportunity.accountNumber}:${c.termMonths}`
      : `internal:${c.offer.crossSellId}`;

/**
 * The Cross Sell dialog (800px, spec 3 §2): the refinance offers the applicant's report reveals (Term, Rate,
 * Payment, Difference per loan held elsewhere) and the lender's internal offers (Loan Amount, Rate); one option at
 * a time; Create Application (disabled while loading or with nothing chosen), Cancel and, when there are offers
 * not yet declined, Not interested. Success lists 'Go to App Id: {id}' links that open in a new tab.
 */
export const CrossSellDialog = ({
  applicationId,
  applicantId,
  applicantName,
  notInterested,
  onClose,
}: {
  applicationId: number;
  applicantId: number;
  applicantName: string;
  notInterested: boolean;
  onClose: () => void;
}) => {
  useCloseOnCloseAllDialogs(onClose);
  const queryClient = useQueryClient();
  const refi = useQuery({
    queryKey: ['applicant', applicantId, 'crossSell'],
    queryFn: ({ signal }) =>
      callEndpoint(crossSellEndpoints.opportunities, { params: { id: applicantId } }, { signal }),
  });
  const internal = useQuery({
    queryKey: ['applications', applicationId, 'internalCrossSell'],
    queryFn: ({ signal }) => callEndpoint(crossSellEndpoints.internal, { params: { applicationId } }, { signal }),
  });
  const [choice, setChoice] = useState<Choice | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<number[] | null>(null);
  const loading = refi.isPending || internal.isPending || creating;
  const hasOffers = (refi.data?.length ?? 0) + (internal.data?.length ?? 0) > 0;

  const create = async () => {
    if (!choice) return;
    setCreating(true);
    try {
      const request =
        choice.kind === 'refi'
          ? {
              crossSellId: choice.opportunity.crossSellId,
              balance: choice.opportunity.balance,
              termMonths: choice.termMonths,
              crossSellAccountNumber: choice.opportunity.accountNumber,
              crossSellType: 'RefiCrossSell' as const,
            }
          : {
              crossSellId: choice.offer.crossSellId,
              balance: choice.offer.loanAmount,
              termMonths: choice.offer.termMonths,
              crossSellAccountNumber: null,
              crossSellType: 'InternalCrossSell' as const,
            };
      const answer = await callEndpoint(crossSellEndpoints.createApplications, {
        params: { id: applicantId },
        body: { applicantId, crossSellApplicationRequests: [request] },
      });
      setCreated(answer.applicationIds);
    } catch (error) {
      showApiErrorToast(error);
    } finally {
      setCreating(false);
    }
  };

  const declineAll = async () => {
    try {
      await callEndpoint(crossSellEndpoints.notInterested, {
        params: { applicationId },
        body: { notInterestedCrossSell: true },
      });
      await queryClient.invalidateQueries({ queryKey: creditKeys.credit(applicationId) });
      onClose();
    } catch {
      toasts.error(messages.errors.title, adminMessages.crossSell.notInterestedFailed);
    }
  };

  const actions = created ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <>
      {hasOffers && !notInterested ? (
        <Button onClick={() => void declineAll()} disabled={loading} sx={{ mr: 'auto' }}>
          Not interested
        </Button>
      ) : null}
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="contained" onClick={() => void create()} disabled={loading || choice === null}>
        Create Application
      </Button>
    </>
  );

  return (
    <DialogFrame title="Cross Sell" width={800} onClose={onClose} testId="cross-sell-dialog" actions={actions}>
      {created ? (
        <Stack spacing={1}>
          <Alert severity="success">{adminMessages.crossSell.created}</Alert>
          {created.map((id) => (
            <Link key={id} href={`/application/${id}`} target="_blank" rel="noopener">
              {adminMessages.crossSell.goToApp(id)}
            </Link>
          ))}
        </Stack>
      ) : refi.isPending || internal.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : (
        <Stack spacing={3}>
          <Typography variant="body2" color="text.secondary">
            Offers for {applicantName}
          </Typography>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Refi Cross Sell
            </Typography>
            {(refi.data ?? []).length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No refinance offers
              </Typography>
            ) : (
              (refi.data ?? []).map((o) => (
                <Box key={`${o.crossSellId}:${o.accountNumber}`} sx={{ mb: 2 }}>
                  <Typography variant="body2" sx={{ mb: 0.5 }}>
                    <strong>{o.creditReportTradelineCreditor}</strong> {o.accountNumber} · {o.crossSellName} · balance{' '}
                    {dollars(o.balance)} · paying {dollars(o.creditReportTradelineMonthlyPayment)} at{' '}
                    {o.creditReportTradelineEstimatedRate === '0' ? (
                      <Tooltip title={adminMessages.crossSell.rateNotCalculated}>
                        <span style={{ textDecoration: 'underline dotted' }}>0%</span>
                      </Tooltip>
                    ) : (
                      `${o.creditReportTradelineEstimatedRate}%`
                    )}
                  </Typography>
                  <Table size="small" aria-label={`Refinance ${o.creditReportTradelineCreditor} ${o.accountNumber}`}>
                    <TableHead>
                      <TableRow>
                        <TableCell padding="checkbox" />
                        <TableCell>Term</TableCell>
                        <TableCell>Rate</TableCell>
                        <TableCell align="right">Payment</TableCell>
                        <TableCell align="right">Difference</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {o.options.map((option) => {
                        const mine: Choice = { kind: 'refi', opportunity: o, termMonths: option.termMonths };
                        return (
                          <TableRow
                            key={option.termMonths}
                            hover
                            onClick={() => setChoice(mine)}
                            sx={{ cursor: 'pointer' }}
                          >
                            <TableCell padding="checkbox">
                              <Radio
                                size="small"
                                checked={choiceKey(choice) === choiceKey(mine)}
                                onChange={() => setChoice(mine)}
                                slotProps={{
                                  input: {
                                    'aria-label': `${o.creditReportTradelineCreditor} ${option.termMonths} months`,
                                  },
                                }}
                              />
                            </TableCell>
                            <TableCell>{option.termMonths} months</TableCell>
                            <TableCell>{option.rate}%</TableCell>
                            <TableCell align="right">{dollars(option.monthlyPayment)}</TableCell>
                            <TableCell align="right">{signedDollars(option.difference)}</TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </Box>
              ))
            )}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Internal Cross Sell
            </Typography>
            {(internal.data ?? []).length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No internal offers
              </Typography>
            ) : (
              <Table size="small" aria-label="Internal offers">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>Offer</TableCell>
                    <TableCell align="right">Loan Amount</TableCell>
                    <TableCell>Rate</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(internal.data ?? []).map((offer) => {
                    const mine: Choice = { kind: 'internal', offer };
                    return (
                      <TableRow
                        key={offer.crossSellId}
                        hover
                        onClick={() => setChoice(mine)}
                        sx={{ cursor: 'pointer' }}
                      >
                        <TableCell padding="checkbox">
                          <Radio
                            size="small"
                            checked={choiceKey(choice) === choiceKey(mine)}
                            onChange={() => setChoice(mine)}
                            slotProps={{ input: { 'aria-label': offer.name } }}
                          />
                        </TableCell>
                        <TableCell>
                          {offer.name}
                          {offer.description ? (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {offer.description}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell align="right">{dollars(offer.loanAmount)}</TableCell>
                        <TableCell>{offer.rate}%</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </Box>
        </Stack>
      )}
    </DialogFrame>
  );
};
