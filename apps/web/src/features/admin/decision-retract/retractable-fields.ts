import type { retractableApplicationFields } from '@credence/contracts';

type RetractableField = (typeof retractableApplicationFields)[number];

/** The application fields a decision-retraction rule set can name, grouped and labelled as staff know them. */
export const retractableFieldGroups: { title: string; fields: { value: RetractableField; label: string }[] }[] = [
  {
    title: 'Loan request',
    fields: [
      { value: 'loanProductId', label: 'Loan product' },
      { value: 'requestedAmount', label: 'Requested amount' },
      { value: 'termMonths', label: 'Term' },
      { value: 'cashDown', label: 'Cash down' },
      { value: 'tradeInValue', label: 'Trade-in value' },
      { value: 'dealer', label: 'Dealer' },
    ],
  },
  {
    title: 'Collateral',
    fields: [
      { value: 'collateral.value', label: 'Collateral value' },
      { value: 'collateral.year', label: 'Collateral year' },
      { value: 'collateral.mileage', label: 'Collateral mileage' },
      { value: 'collateral.newUsed', label: 'New / used' },
    ],
  },
  {
    title: 'Applicants',
    fields: [
      { value: 'applicant.income', label: 'Income' },
      { value: 'applicant.housingPayment', label: 'Housing payment' },
      { value: 'applicant.ssn', label: 'SSN' },
      { value: 'applicant.dateOfBirth', label: 'Date of birth' },
      { value: 'applicant.added', label: 'An applicant added' },
      { value: 'applicant.removed', label: 'An applicant removed' },
    ],
  },
  { title: 'Credit', fields: [{ value: 'creditReport.repulled', label: 'Credit report pulled again' }] },
];

const labels = new Map<string, string>(retractableFieldGroups.flatMap((g) => g.fields.map((f) => [f.value, f.label])));
export const retractableFieldLabel = (value: string) => labels.get(value) ?? value;
