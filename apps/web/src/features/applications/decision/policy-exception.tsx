import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { POLICY_EXCEPTION_REASON_MAX, type PolicyException } from '@credence/contracts';
import { policyLimitValue } from '@credence/domain';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { decisionPageTexts } from './texts.ts';

/**
 * Issue 29, item 5: the terms are outside the policy and the officer may except them — the limits the server named,
 * and the reason the receipt will keep.
 */
export const PolicyExceptionDialog = ({
  limits,
  onClose,
  onConfirm,
}: {
  /** The server's sentence for each limit passed. */
  limits: string[];
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) => (
  <ReasonDialog
    title={decisionPageTexts.exceptionTitle}
    label={decisionPageTexts.exceptionReason}
    confirmText={decisionPageTexts.exceptionConfirm}
    max={POLICY_EXCEPTION_REASON_MAX}
    requiredText={decisionPageTexts.exceptionReasonRequired}
    tooLongText={decisionPageTexts.exceptionReasonTooLong}
    testId="policy-exception"
    onClose={onClose}
    onConfirm={onConfirm}
  >
    <Typography sx={{ mb: 1 }}>{decisionPageTexts.exceptionIntro}</Typography>
    <ul data-testid="policy-exception-limits">
      {limits.map((text) => (
        <li key={text}>
          <Typography variant="body2">{text}</Typography>
        </li>
      ))}
    </ul>
  </ReasonDialog>
);

/** A decision's exception to policy, as the receipt and the worksheet show it: each limit, why, and by whom. */
export const PolicyExceptionView = ({ exception }: { exception: PolicyException }) => (
  <Alert severity="warning" data-testid="policy-exception" sx={{ '& ul': { my: 0.5, pl: 2.5 } }}>
    <Typography variant="subtitle2" component="p">
      {decisionPageTexts.exceptionTitle}
    </Typography>
    <ul>
      {exception.limits.map((l) => (
        <li key={l.limit}>
          {l.label}: policy {policyLimitValue(l.limit, l.policyValue)}, decided{' '}
          {policyLimitValue(l.limit, l.decidedValue)}
        </li>
      ))}
    </ul>
    <Typography variant="body2">
      {decisionPageTexts.exceptionBy(exception.decidedBy.name)}: {exception.reason}
    </Typography>
  </Alert>
);
