import {
  addressFields,
  dateField as date,
  formatFieldValue,
  humanize,
  moneyField as money,
  percentField as percent,
  textField as text,
  yesNoField as yesNo,
  type FieldMeta,
} from '../../../components/form/field-labels.ts';

/*
 * The labels of an application's fields, as the dialogs show them, and how their values read: one map for the
 * dialogs (request, collateral) and the Application History, which names a changed property by its label and
 * shows its old and new values in the same format as the worksheet ($12,500.00, MM/dd/yyyy, Yes/No).
 */

/** The loan request (Request dialog and its itemization). */
export const requestFields = {
  loanProductId: text('Loan Product'),
  dealerId: text('Dealer'),
  negotiatedPrice: money('Sales Price'),
  ttlEstimate: money('TT&L'),
  cashDown: money('Cash Down'),
  rebate: money('Rebate'),
  netTradeIn: money('Net Trade-In'),
  otherFees: money('Other Fees'),
  otherFrontEndFees: text('Front-End Fee'),
  name: text('Name'),
  value: money('Value'),
  totalFrontEndAmount: money('Total Front-End Amount'),
  isTotalFrontEndAmountManual: yesNo('Total Front-End Amount Typed'),
  totalDownPayment: money('Total Down Payment'),
  gap: money('GAP'),
  creditDisability: money('Credit Disability'),
  creditLife: money('Credit Life'),
  warranty: money('Warranty'),
  otherBackEndFees: money('Other Back-End Fees'),
  totalBackEndFees: money('Total Back-End Amount'),
  totalLoanAmount: money('Total Loan Amount'),
  requestedAmount: money('Requested Credit Limit'),
  estAmtFinanced: money('Estimated Amount Financed'),
  residualAmount: money('Balloon Amount'),
  termMonths: text('Term (months)'),
  paymentFrequencyId: text('Payment Frequency'),
  isOpenEnded: yesNo('Open Ended'),
  increaseExistingCreditLimit: yesNo('Increase Existing Credit Limit'),
  potentialLoanId: text('Potential Loan Id'),
  potentialShareAccountNumber: text('Potential Share Account Number'),
  purpose: text('Purpose'),
} as const;

/** A collateral (Collateral dialog) and its liens and grantors. */
export const collateralFields = {
  family: text('Collateral Family'),
  type: text('Collateral Type'),
  identificationNumber: text('VIN / Serial Number'),
  value: money('Value'),
  year: text('Year'),
  make: text('Make'),
  model: text('Model'),
  style: text('Style / Trim'),
  color: text('Color'),
  hours: text('Hours'),
  mileage: text('Mileage'),
  length: text('Length (ft)'),
  isUsed: yesNo('Used'),
  isNew: yesNo('New'),
  msrp: money('MSRP'),
  vehicleValuationType: text('Valuation Source'),
  isFloodInsuranceRequired: yesNo('Flood Insurance Required'),
  floodZoneType: text('Flood Zone'),
  grantors: text('Grantor'),
  firstName: text('First Name'),
  lastName: text('Last Name'),
  email: text('Email'),
  address: text('Property Address'),
  liens: text('Lien'),
  lienholder: text('Lienholder'),
  payoffAmount: money('Payoff Amount'),
  perDiem: money('Per Diem'),
  accountNumber: text('Account Number'),
  currentRate: percent('Current Rate (%)'),
  accountOwner: text('Account Owner'),
  holdPercentage: percent('Hold (%)'),
  maturityDate: date('Maturity Date'),
  isSalvage: yesNo('Salvage Title'),
  memberNumber: text('Member Number'),
  isPrimaryAddress: yesNo('Primary Residence'),
  county: text('County'),
  maxLoanAmount: money('Max Loan Amount'),
  qualifiedMortgageType: text('Qualified Mortgage Type'),
  lienPosition: text('Lien Position'),
  homeValueType: text('Value Source'),
  homeLoanType: text('Home Loan Type'),
  hmdaPurposeType: text('Loan Purpose'),
  constructionMethod: text('Construction Method'),
  totalUnits: text('Total Units'),
  censusTrack: text('Census Tract'),
  securedPropertyType: text('Secured Property Type'),
  landPropertyInterest: text('Land Property Interest'),
  homeOccupancyStatus: text('Occupancy'),
  accessories: text('Accessory'),
  ...addressFields,
} as const;

/** Collateral insurance (Collateral dialog). */
export const insuranceFields = {
  company: text('Insurance Company'),
  policyNumber: text('Policy Number'),
  agentFirstName: text('Agent First Name'),
  agentLastName: text('Agent Last Name'),
  agentPhoneNumber: text('Agent Phone'),
  faxNumber: text('Fax Number'),
  expirationDate: date('Expiration Date'),
} as const;

/** An applicant (Applicants dialog) and the lists under it. */
export const applicantFields = {
  applicantRole: text('Role'),
  isBusiness: yesNo('Business'),
  memberNumber: text('Member Number'),
  firstName: text('First Name'),
  lastName: text('Last Name'),
  dob: date('Date of Birth'),
  maritalStatus: text('Marital Status'),
  socialSecurityNumber: text('SSN'),
  companyName: text('Company Name'),
  companyAccountNumber: text('Company Account Number'),
  companyEstablishedDate: date('Established Date'),
  companyPhoneNumber: text('Company Phone'),
  companyRole: text('Company Role'),
  businessEntityType: text('Business Entity Type'),
  ownershipPercentage: percent('Ownership (%)'),
  employerIdentificationNumber: text('EIN'),
  companyDebt: money('Monthly Debt'),
  companyState: text('Company State'),
  companyGrossIncome: money('Gross Income'),
  companyGrossIncomeFrequency: text('Gross Income Frequency'),
  companyNaicsSic: text('NAICS/SIC'),
  addresses: text('Address'),
  phoneNumbers: text('Phone'),
  number: text('Number'),
  phoneType: text('Phone Type'),
  preferredContact: yesNo('Preferred Contact'),
  emails: text('Email'),
  email: text('Email'),
  status: text('Status'),
  employments: text('Employment'),
  employer: text('Employer'),
  occupation: text('Occupation'),
  yearsEmployed: text('Years'),
  monthsEmployed: text('Months'),
  salary: money('Salary'),
  payPeriod: text('Pay Period'),
  isCurrent: yesNo('Current'),
  govtIssuedIds: text('Government ID'),
  govtIdType: text('ID Type'),
  country: text('Country'),
  expirationDate: date('Expiration Date'),
  finances: text('Liability'),
  assets: text('Asset'),
  type: text('Type'),
  description: text('Description'),
  amount: money('Amount'),
  isIncome: yesNo('Income'),
  isSecured: yesNo('Secured'),
  balance: money('Balance'),
  loanBalance: money('Loan Balance'),
  ...addressFields,
} as const;

/** The application itself (created, state changes). */
export const applicationFields = {
  state: text('State'),
  source: text('Source'),
  direct: yesNo('Direct'),
  loanProduct: text('Loan Product'),
  dealerId: text('Dealer'),
  transactionType: text('Transaction Type'),
} as const;

/** The history's entity names (server: diffEntity / diffEntities) to their fields. */
const entityFields: Readonly<Record<string, Readonly<Record<string, FieldMeta>>>> = {
  Application: applicationFields,
  Request: requestFields,
  Collateral: collateralFields,
  Insurance: insuranceFields,
  Applicant: applicantFields,
};

/** 'FollowUp' -> 'Follow Up'. */
export const historyEntityLabel = (entity: string): string => humanize(entity);

const segmentsOf = (property: string) =>
  property.split('.').map((part) => {
    const match = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
    const indexes = match?.[2] ? [...match[2].matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]) + 1) : [];
    return { key: match?.[1] ?? part, indexes };
  });

const metaOf = (entity: string, key: string): FieldMeta | undefined => entityFields[entity]?.[key];

/**
 * A history property path as a person reads it: 'negotiatedPrice' -> 'Sales Price',
 * 'addresses[0].city' -> 'Address 1 › City', 'liens[1].payoffAmount' -> 'Lien 2 › Payoff Amount'.
 */
export const historyPropertyLabel = (entity: string, property: string): string =>
  segmentsOf(property)
    .map(({ key, indexes }) => [metaOf(entity, key)?.label ?? humanize(key), ...indexes].join(' '))
    .join(' › ');

/** The old or new value of one changed property, formatted by its field. */
export const historyValueText = (entity: string, property: string, value: string): string => {
  const leaf = segmentsOf(property).at(-1)?.key ?? property;
  return formatFieldValue(metaOf(entity, leaf)?.format, value);
};
