// TEMPORARY (H5b): stands in for H1's LoanIdDialog until `features/applications/loan-id/index.ts` lands.
export const LoanIdDialog = (_props: {
  applicationId: number;
  open: boolean;
  onClose: () => void;
  onSaved?: (loanId: string) => void;
}) => null;
