import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  eligibilityQuestionLabels,
  eligibilityQuestionsOf,
  salesPlanTexts,
  type EligibilityAnswers,
  type EligibilityQuestion,
  type EligibilityVendor,
} from '@credence/contracts';

export type EligibilityDialogProps = {
  vendorName: string;
  /** Which questions the vendor asks (spec 3 §5: Allied three, Route66 two). */
  eligibility: EligibilityVendor;
  onContinue: (answers: EligibilityAnswers) => void;
  onCancel: () => void;
};

/**
 * The Eligibility dialog (spec 3 §2, §5): the vendor's questions as yes/no radios, every shown question required —
 * Continue says which are unanswered and goes on only when all are answered, handing on the answers of the
 * questions asked; Cancel.
 */
export const EligibilityDialog = ({ vendorName, eligibility, onContinue, onCancel }: EligibilityDialogProps) => {
  const questions = eligibilityQuestionsOf(eligibility);
  const [answers, setAnswers] = useState<Partial<Record<EligibilityQuestion, boolean>>>({});
  const [tried, setTried] = useState(false);
  const unanswered = questions.filter((q) => answers[q] === undefined);

  const onContinueClick = () => {
    setTried(true);
    if (unanswered.length > 0) return;
    onContinue(Object.fromEntries(questions.map((q) => [q, answers[q]])) as EligibilityAnswers);
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="eligibility-dialog-title">
      <DialogTitle id="eligibility-dialog-title">
        {salesPlanTexts.eligibilityTitle}: {vendorName}
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {questions.map((q) => {
            const missing = tried && answers[q] === undefined;
            return (
              <FormControl key={q} required error={missing}>
                <FormLabel id={`eligibility-${q}`}>{eligibilityQuestionLabels[q]}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`eligibility-${q}`}
                  value={answers[q] === undefined ? '' : answers[q] ? 'yes' : 'no'}
                  onChange={(_, value) => setAnswers((a) => ({ ...a, [q]: value === 'yes' }))}
                >
                  <FormControlLabel value="yes" control={<Radio />} label={salesPlanTexts.yes} />
                  <FormControlLabel value="no" control={<Radio />} label={salesPlanTexts.no} />
                </RadioGroup>
                {missing ? <FormHelperText>{salesPlanTexts.required}</FormHelperText> : null}
              </FormControl>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{salesPlanTexts.cancel}</Button>
        <Button variant="contained" onClick={onContinueClick}>
          {salesPlanTexts.continue}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
