import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { salesPlanTexts, type OfferedPlans, type VendorPlan } from '@credence/contracts';
import { planTotal } from '@credence/domain';
import { showMoney } from '../../components/form/values.ts';

/** What Create Quote hands on: the plan, its chosen options and the total cost. */
export type PlanChoice = { planId: number; optionIds: number[]; total: string };

export type PlansDialogProps = {
  /** The vendor's name, shown in the title. */
  vendorName: string;
  plans: readonly VendorPlan[];
  /** The plans left out by the rules, each with its reason (shown under the table). */
  leftOut?: OfferedPlans['leftOut'];
  /** While the quote is being created: Create Quote is disabled. */
  busy?: boolean;
  onCreateQuote: (choice: PlanChoice) => void;
  onCancel: () => void;
};

const milesText = (miles: number | null) => (miles === null ? 'Unlimited' : miles.toLocaleString('en-US'));

/**
 * The Plans dialog (spec 3 §2): the vendor's plans — select, title, description, term, miles, cost; a selected
 * plan expands its checkable options (choosing another plan starts its options afresh); 'No Plans found' when there
 * are none; the total cost is the plan's and its chosen options' (exact decimal); Create Quote and Cancel. The plans
 * the rules left out are listed with their reasons (issue 34 item 7).
 */
export const PlansDialog = ({ vendorName, plans, leftOut = [], busy, onCreateQuote, onCancel }: PlansDialogProps) => {
  const [planId, setPlanId] = useState<number | null>(null);
  const [optionIds, setOptionIds] = useState<number[]>([]);
  const selected = plans.find((p) => p.id === planId) ?? null;
  const total = selected
    ? planTotal(
        selected.cost,
        selected.options.filter((o) => optionIds.includes(o.id)).map((o) => o.cost),
      )
    : '0.00';

  const choose = (id: number) => {
    setPlanId(id);
    setOptionIds([]);
  };
  const toggle = (id: number) => setOptionIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth aria-labelledby="plans-dialog-title">
      <DialogTitle id="plans-dialog-title">
        {salesPlanTexts.plansTitle}: {vendorName}
      </DialogTitle>
      <DialogContent dividers>
        {plans.length === 0 ? (
          <Typography sx={{ py: 2 }} data-testid="no-plans">
            {salesPlanTexts.noPlans}
          </Typography>
        ) : (
          <Table size="small" aria-label="Vendor plans">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">Select</TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Term</TableCell>
                <TableCell align="right">Miles</TableCell>
                <TableCell align="right">Cost</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plans.map((plan) => {
                const isSelected = plan.id === planId;
                return (
                  <Fragment key={plan.id}>
                    <TableRow hover selected={isSelected} onClick={() => choose(plan.id)} sx={{ cursor: 'pointer' }}>
                      <TableCell padding="checkbox">
                        <Radio
                          checked={isSelected}
                          onChange={() => choose(plan.id)}
                          slotProps={{ input: { 'aria-label': `Select ${plan.title}` } }}
                        />
                      </TableCell>
                      <TableCell>{plan.title}</TableCell>
                      <TableCell>{plan.description ?? ''}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {plan.term} mo
                      </TableCell>
                      <TableCell align="right">{milesText(plan.miles)}</TableCell>
                      <TableCell align="right">{showMoney(plan.cost)}</TableCell>
                    </TableRow>
                    {isSelected && plan.options.length > 0 ? (
                      <TableRow data-testid="plan-options">
                        <TableCell />
                        <TableCell colSpan={5}>
                          <Typography variant="subtitle2" color="text.secondary">
                            Options
                          </Typography>
                          {plan.options.map((option) => (
                            <Box key={option.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                              <Checkbox
                                size="small"
                                checked={optionIds.includes(option.id)}
                                onChange={() => toggle(option.id)}
                                slotProps={{ input: { 'aria-label': option.description } }}
                              />
                              <Typography variant="body2" sx={{ flex: 1 }}>
                                {option.description}
                              </Typography>
                              <Typography variant="body2">{showMoney(option.cost)}</Typography>
                            </Box>
                          ))}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        )}
        {leftOut.length > 0 ? (
          <Box sx={{ mt: 2 }} data-testid="plans-left-out">
            <Typography variant="subtitle2" color="text.secondary">
              {salesPlanTexts.leftOut}
            </Typography>
            {leftOut.map((p) => (
              <Typography key={p.planId} variant="body2" sx={{ mt: 0.5 }}>
                <strong>{p.title}</strong>: {p.reason}
              </Typography>
            ))}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Typography data-testid="plans-total">
          {salesPlanTexts.totalCost}: <strong>{showMoney(total)}</strong>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onCancel}>{salesPlanTexts.cancel}</Button>
          <Button
            variant="contained"
            disabled={selected === null || busy}
            onClick={() => selected && onCreateQuote({ planId: selected.id, optionIds, total })}
          >
            {salesPlanTexts.createQuote}
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
};
