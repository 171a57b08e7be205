import {
  lenderProtectionAdminTexts,
  lenderProtectionResource,
  type LenderProtectionCredential,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/**
 * Administration › Lender Protection (issue 35; spec 2 §1 "lender protection credentials", §5, §8 'Credentials
 * Failed'): the lender's credentials with each insurer (the sandbox Lend Pro) on the kit's list, with an editor of
 * its own: the password is write-only (blank keeps the saved one) and 'Test credentials' logs in with the form's
 * values.
 */
export const lenderProtectionArea = resourceArea({
  key: 'lenderProtection',
  resource: lenderProtectionResource,
  columns: [
    { field: 'provider', header: 'Provider', flex: 1 },
    { field: 'userName', header: 'User Name', flex: 1.2 },
    { field: 'programCode', header: 'Program Code', flex: 0.9 },
    {
      field: 'loanProductIds',
      header: 'Loan Products',
      flex: 0.8,
      sortable: false,
      text: (c: LenderProtectionCredential) =>
        c.loanProductIds.length === 0 ? 'All' : String(c.loanProductIds.length),
    },
  ],
  fields: [],
  texts: { saveFailed: 'Save Failed', toastTitle: lenderProtectionAdminTexts.title },
  editor: async () => (await import('./lender-protection-editor.tsx')).LenderProtectionEditor,
});
