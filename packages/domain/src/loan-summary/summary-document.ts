import type {
  LoanSummaryApplication,
  LoanSummarySection,
  SummaryAddition,
  SummaryApplicant,
  SummaryBlock,
  SummaryDisclosures,
  SummaryCollateral,
  SummaryDocument,
  SummaryDocumentSection,
  SummaryField,
  SummaryTable,
  SummaryTableRow,
} from '@credence/contracts';
import { Money } from '../money.ts';
import { paymentFrequencyLabels, type PaymentFrequency } from '../payment.ts';
import { formatPhone } from '../phone.ts';
import {
  policyLimitValue,
  summaryAddress,
  summaryCount,
  summaryDate,
  summaryDateTime,
  summaryDecimalOf,
  summaryEnum,
  summaryLastFirst,
  summaryLtv,
  summaryMoney,
  summaryPer1000,
  summaryPercent,
  summaryRate,
  summaryYesNo,
} from './summary-format.ts';
import { loanSummarySectionLabels, loanSummarySections, loanSummaryTexts, printableSections } from './summary-texts.ts';

const summarySectionOrders = {
  page: loanSummarySections,
  salesBeforeDecision: printableSections({ enabled: true, displayOption: 'beforeDecision' }),
  salesAfterDecision: printableSections({ enabled: true, displayOption: 'afterDecision' }),
} as const;

/*
 * The loan summary as data (issue 15 item 3; spec 3 §2 "Loan summary page sections", §3, §9): the GraphQL answer
 * (`LoanSummaryApplication`) and the chosen sections become a `SummaryDocument` of sections and blocks, already
 * formatted, that the closing summary page (MUI) and the PDF (pdfmake) both render.
 *
 * Section order: the page's order (`loanSummarySections`, Sales after Funding), except that the caller's order is
 * kept when it already is the order of the page or of the print dialog (`printableSections`, which puts Sales just
 * before or after Decision): the dialog's selection prints in the dialog's order. Any other order (and duplicates)
 * falls back to the page's order.
 *
 * Values the application lacks are omitted from field lists (never 'null'); a missing block says so with the
 * spec's empty-state text (`loanSummaryTexts`).
 *
 * Only types come from `@credence/contracts`: that package imports this one, so a value import would make a cycle
 * that breaks whichever module loads first; the texts and orders it pins are mirrored in `summary-texts.ts`
 * (a unit test keeps them equal).
 */

export type SummaryDocumentOptions = {
  /** 'Loan Summary' (PDF) or 'Closing Summary' (page). */
  title: string;
  /** The lender's IANA time zone: date-times print in it. */
  timeZone: string;
  /** The PDF's choice: drop unselected accessories (and use the selected-only totals) instead of offering the toggle. */
  hideUnselectedAccessories?: boolean;
};

/* ------------------------------------------------------------------------------------------- helpers */

type FieldInput = readonly [label: string, value: string | null | undefined];

/** A field list without the empty values. */
const fieldsOf = (pairs: readonly FieldInput[]): SummaryField[] =>
  pairs
    .filter((p): p is readonly [string, string] => !!p[1] && p[1].trim() !== '')
    .map(([label, value]) => ({ label, value }));

const fieldsBlock = (title: string | undefined, pairs: readonly FieldInput[]): SummaryBlock => ({
  kind: 'fields',
  ...(title ? { title } : {}),
  fields: fieldsOf(pairs),
});

/** A titled block whose entity is missing: the title and 'No Data Found'. */
const missingBlock = (title: string): SummaryBlock => ({ kind: 'text', title, text: loanSummaryTexts.noData });

const empty = (text: string): SummaryBlock => ({ kind: 'empty', text });

const joinNonEmpty = (parts: readonly (string | null | undefined)[], separator = ', '): string =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join(separator);

const fullName = (person: { firstName: string | null; lastName: string | null }): string =>
  joinNonEmpty([person.firstName, person.lastName], ' ');

const frequencyLabel = (value: string | null | undefined): string =>
  value ? (paymentFrequencyLabels[value as PaymentFrequency] ?? summaryEnum(value)) : '';

const termLabel = (months: number | null | undefined): string =>
  months === null || months === undefined ? '' : `${months} months`;

const transactionTypeLabels: Record<string, string> = {
  BUYER_SELLER: 'Buyer/Seller',
  DEALER: 'Dealer',
  INTERNAL_REFINANCE: 'Internal Refinance',
  PRE_APPROVAL: 'Pre-Approval',
  REFINANCE: 'Refinance',
};

const applicantRoleLabels: Record<string, string> = {
  PRIMARY: 'Primary',
  CO_APPLICANT: 'Co-Applicant',
  CO_SIGNER: 'Co-Signer',
  GUARANTOR: 'Guarantor',
  NON_APPLICANT_SPOUSE: 'Non-Applicant Spouse',
};
const roleLabel = (role: string | null | undefined): string =>
  role ? (applicantRoleLabels[role] ?? summaryEnum(role)) : '';

/** The loan summary's government id labels (spec 3 §2). */
export const summaryGovtIdLabels: Record<string, string> = {
  STATE_ID_CARD: 'State ID',
  STATE_DRIVERS_LICENSE: 'State DL',
  PASSPORT: 'Passport',
  MILITARY_ID: 'Military ID',
  PERMANENT_RESIDENT: 'Permanent Resident',
  VISA: 'Visa',
  MATRICULA_CONSULAR: 'Matricula Consular',
};

/* ------------------------------------------------------------------------------------------- order */

const isSubsequenceOf = (items: readonly string[], order: readonly string[]): boolean => {
  let at = 0;
  for (const item of items) {
    const found = order.indexOf(item, at);
    if (found < 0) return false;
    at = found + 1;
  }
  return true;
};

/**
 * The sections to print, in order: the caller's order when it is the page's order or one of the print dialog's
 * orders (Sales before or after Decision), otherwise the page's order; unknown keys and duplicates are dropped.
 */
export const orderSummarySections = (sections: readonly LoanSummarySection[]): LoanSummarySection[] => {
  const chosen = sections.filter((s, i) => summarySectionOrders.page.includes(s) && sections.indexOf(s) === i);
  const orders = [
    summarySectionOrders.page,
    summarySectionOrders.salesBeforeDecision,
    summarySectionOrders.salesAfterDecision,
  ];
  if (orders.some((order) => isSubsequenceOf(chosen, order))) return chosen;
  return summarySectionOrders.page.filter((s) => chosen.includes(s));
};

/* ------------------------------------------------------------------------------------------- who is shown */

const primaryOf = (app: LoanSummaryApplication): SummaryApplicant | undefined =>
  app.applicants.find((a) => a.isPrimary) ?? app.applicants.find((a) => a.applicantRole === 'PRIMARY');

/** Primary first, then the others in their order. */
const applicantsInOrder = (app: LoanSummaryApplication): SummaryApplicant[] => {
  const primary = primaryOf(app);
  return primary ? [primary, ...app.applicants.filter((a) => a !== primary)] : [...app.applicants];
};

/** The applicants shown in the Applicants and Credit Review columns: business loans hide the primary (business). */
const visibleApplicants = (app: LoanSummaryApplication): SummaryApplicant[] => {
  const ordered = applicantsInOrder(app);
  if (!app.loanProduct.isBusinessLoan) return ordered;
  const primary = primaryOf(app);
  return ordered.filter((a) => a !== primary);
};

const applicantHeader = (a: SummaryApplicant): string => summaryLastFirst(a) || a.companyName || `Applicant ${a.id}`;

/* ------------------------------------------------------------------------------------------- footer, file */

/**
 * 'Application 1042 · Smith, John · Times in America/Denver' (business loans: the company name): the footer names
 * the lender's zone every time in the summary is written in (issue 29, item 10).
 */
export const summaryFooter = (app: LoanSummaryApplication, timeZone: string): string => {
  const primary = primaryOf(app);
  const who = primary
    ? app.loanProduct.isBusinessLoan && primary.companyName
      ? primary.companyName
      : summaryLastFirst(primary) || primary.companyName || ''
    : '';
  return [`Application ${app.id}`, who, `Times in ${timeZone}`].filter(Boolean).join(' · ');
};

/** Keeps letters and digits (any script), '-' and '_': nothing a file system or a header would choke on. */
const fileNamePart = (text: string | null | undefined): string => (text ?? '').replace(/[^\p{L}\p{N}_-]/gu, '');

/** '<Last><First>_<id>.pdf' (spec 3 §4), e.g. 'SmithJohn_1042.pdf'; a business without names uses its company name. */
export const summaryFileName = (app: LoanSummaryApplication): string => {
  const primary = primaryOf(app);
  let name = primary ? fileNamePart(primary.lastName) + fileNamePart(primary.firstName) : '';
  if (!name && primary) name = fileNamePart(primary.companyName);
  return name ? `${name}_${app.id}.pdf` : `${app.id}.pdf`;
};

/* ------------------------------------------------------------------------------------------- channel and product */

const dealerBlock = (app: LoanSummaryApplication): SummaryBlock => {
  const d = app.dealer;
  if (!d) return missingBlock('Dealer');
  return fieldsBlock('Dealer', [
    ['Name', d.name],
    ['Address', summaryAddress(d)],
    ['Phone', formatPhone(d.phoneNumber)],
    ['Fax', d.faxNumber],
    ['Contact Name', d.mainContactName],
    ['Contact Email', d.mainContactEmail],
    ['Reserve', d.reserve?.name],
  ]);
};

const dealerPurchaseBlock = (app: LoanSummaryApplication): SummaryBlock => {
  const p = app.dealerPurchase;
  if (!p) return missingBlock('Dealer Purchase');
  return fieldsBlock('Dealer Purchase', [
    ['Dealership', p.dealership],
    ['Amount To Dealer', summaryMoney(p.amountToDealer)],
    ['Phone', formatPhone(p.phoneNumber)],
    ['Fax', p.fax],
    ['Email', p.email],
    ['Attention', p.attention],
    ['Spoke To', p.spokeTo],
    ['Address', summaryAddress(p.address)],
  ]);
};

const sellerBlocks = (app: LoanSummaryApplication): SummaryBlock[] => {
  if (app.sellers.length === 0) return [missingBlock('Buyer/Sellers')];
  const price = app.sellers.find((s) => s.sellingPrice !== null)?.sellingPrice ?? null;
  return [
    fieldsBlock('Buyer/Sellers', [['Selling Price', summaryMoney(price)]]),
    {
      kind: 'table',
      columns: [{ header: 'Seller' }, { header: 'Phone' }, { header: 'Email' }, { header: 'Address' }],
      rows: app.sellers.map((s) => ({
        cells: [s.sellerNames ?? '', formatPhone(s.phoneNumber), s.email ?? '', summaryAddress(s.address)],
      })),
    },
  ];
};

/** The lien block: 'Lien' for BUYER_SELLER, 'Refinance' otherwise (spec 3 §2). */
const lienBlock = (app: LoanSummaryApplication, title: 'Lien' | 'Refinance'): SummaryBlock => {
  const l = app.lien;
  if (!l) return missingBlock(title);
  return fieldsBlock(title, [
    ['Lienholder', l.lienholder],
    ['Account #', l.accountNumber],
    ['Payoff Amount', summaryMoney(l.payoffAmount)],
    ['Per Diem', summaryMoney(l.perDiem)],
    ['Payment', summaryMoney(l.payment)],
    ['Good Through', summaryDate(l.goodThrough)],
    ['Mail To', l.mailTo],
    ['Phone', formatPhone(l.phoneNumber)],
    ['Attention', l.attention],
    ['Spoke To', l.spokeTo],
  ]);
};

const internalRefinanceBlock = (app: LoanSummaryApplication): SummaryBlock => {
  const r = app.internalRefinance;
  if (!r) return missingBlock('Internal Refinance');
  return fieldsBlock('Internal Refinance', [
    ['Member #', r.memberNumber],
    ['Loan #', r.loanNumber],
    ['Payoff Amount', summaryMoney(r.payoffAmount)],
    ['Per Diem', summaryMoney(r.perDiem)],
    ['Good Through', summaryDate(r.goodThrough)],
  ]);
};

/** The transaction-type blocks of automotive and boat products (spec 3 §2 Channel and Product). */
const transactionBlocks = (app: LoanSummaryApplication): SummaryBlock[] => {
  if (!['AUTOMOTIVE', 'BOAT'].includes(app.loanProduct.controlType)) return [];
  if (!app.direct) return [dealerBlock(app)];
  switch (app.transactionType) {
    case 'BUYER_SELLER':
      return [...sellerBlocks(app), ...(app.sellers.some((s) => s.hasLien) ? [lienBlock(app, 'Lien')] : [])];
    case 'DEALER':
      return [dealerBlock(app), dealerPurchaseBlock(app)];
    case 'INTERNAL_REFINANCE':
      return [internalRefinanceBlock(app)];
    case 'REFINANCE':
      return [lienBlock(app, 'Refinance')];
    default:
      return [];
  }
};

const channelAndProduct = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => [
  fieldsBlock(undefined, [
    ['Created Date', summaryDate(app.createdUtcTime, o.timeZone)],
    ['Status', summaryEnum(app.state.name)],
    ['Source', summaryEnum(app.source)],
    ['Product', app.loanProduct.name],
    ['Channel', app.direct ? 'Direct' : 'Indirect'],
    [
      'Transaction Type',
      app.transactionType ? (transactionTypeLabels[app.transactionType] ?? summaryEnum(app.transactionType)) : '',
    ],
    ['Purpose', app.purpose],
  ]),
  ...transactionBlocks(app),
];

/* ------------------------------------------------------------------------------------------- request */

/** An add-on's amount: its flat amount, else its rate per $1,000, else its computed amount. */
const additionAmount = (a: SummaryAddition): string =>
  a.flatAmount !== null
    ? summaryMoney(a.flatAmount)
    : a.ratePer1000 !== null
      ? summaryPer1000(a.ratePer1000)
      : summaryMoney(a.amount);

/** The loan add-ons table: 'Add On' / 'Amount', selected additions only (spec 3 §2). */
export const addOnsTable = (additions: readonly SummaryAddition[], title = 'Loan Add-Ons'): SummaryTable => ({
  kind: 'table',
  title,
  columns: [{ header: 'Add On' }, { header: 'Amount', align: 'right' }],
  rows: additions.filter((a) => a.selected).map((a) => ({ cells: [a.name, additionAmount(a)] })),
  empty: loanSummaryTexts.noData,
});

const requestFields = (app: LoanSummaryApplication): SummaryBlock =>
  fieldsBlock('Application Request', [
    ['Negotiated Price', summaryMoney(app.negotiatedPrice)],
    ['TT&L', summaryMoney(app.ttlEstimate)],
    ['Other Fees', summaryMoney(app.otherFees)],
    ['Cash Down', summaryMoney(app.cashDown)],
    ['Rebate', summaryMoney(app.rebate)],
    ['Net Trade-In', summaryMoney(app.netTradeIn)],
    ['Total Front End Amount', summaryMoney(app.totalFrontEndAmount)],
    ['GAP', summaryMoney(app.gap)],
    ['Credit Disability', summaryMoney(app.creditDisability)],
    ['Credit Life', summaryMoney(app.creditLife)],
    ['Warranty', summaryMoney(app.warranty)],
    ['Other Back End Fees', summaryMoney(app.otherBackEndFees)],
    ['Total Back End Fees', summaryMoney(app.totalBackEndFees)],
    ['Total Loan Amount', summaryMoney(app.totalLoanAmount)],
    ['Requested Amount', summaryMoney(app.requestedAmount)],
    ['Estimated Amount Financed', summaryMoney(app.estAmtFinanced)],
    ['Term', termLabel(app.termMonths)],
    ['Payment Frequency', frequencyLabel(app.paymentFrequency)],
    [loanSummaryTexts.balloonAmount, summaryMoney(app.residualAmount)],
    ['Purpose', app.purpose],
  ]);

const tradeInsTable = (app: LoanSummaryApplication): SummaryTable => ({
  kind: 'table',
  title: 'Trade-Ins',
  columns: [
    { header: 'Year' },
    { header: 'Make' },
    { header: 'Model' },
    { header: 'Style' },
    { header: 'Lienholder' },
    { header: 'Monthly Payment', align: 'right' },
    { header: 'Value', align: 'right' },
    { header: 'Payoff', align: 'right' },
  ],
  rows: app.tradeIns.map((t) => ({
    cells: [
      t.year === null ? '' : String(t.year),
      t.make ?? '',
      t.model ?? '',
      t.style ?? '',
      t.lienHolderName ?? '',
      summaryMoney(t.monthlyPayment),
      summaryMoney(t.value),
      summaryMoney(t.payoff),
    ],
  })),
  empty: loanSummaryTexts.noData,
});

const insuranceBlock = (app: LoanSummaryApplication): SummaryBlock | null => {
  const i = app.insurance;
  if (!i) return null;
  return fieldsBlock('Insurance', [
    ['Company', i.company],
    ['Policy #', i.policyNumber],
    ['Agent', joinNonEmpty([i.agentFirstName, i.agentLastName], ' ')],
    ['Agent Phone', formatPhone(i.agentPhoneNumber)],
    ['Fax', i.faxNumber],
    ['Expiration Date', summaryDate(i.expirationDate)],
  ]);
};

type CollateralKind = 'vehicle' | 'boat' | 'trailer' | 'engine' | 'deposit' | 'equipment' | 'home';

const collateralKind = (c: SummaryCollateral): CollateralKind => {
  const family = c.family.toLowerCase();
  if (family === 'home' || c.type === 'HOME') return 'home';
  if (family === 'cd' || family === 'share' || c.type === 'CD' || c.type === 'SHARE') return 'deposit';
  if (family === 'boat') return 'boat';
  if (family === 'trailer') return 'trailer';
  if (family === 'engine') return 'engine';
  if (family === 'equipment') return 'equipment';
  return 'vehicle';
};

const collateralTitles: Record<CollateralKind, string> = {
  vehicle: 'Vehicle',
  boat: 'Boat',
  trailer: 'Trailer',
  engine: 'Engine',
  deposit: 'CD/Share',
  equipment: 'Equipment',
  home: 'Home',
};

/** The collateral block's title: 'Vehicle Collateral', 'RV Collateral', 'Home Collateral', ... */
const collateralTitle = (c: SummaryCollateral): string => {
  const kind = collateralKind(c);
  const name = kind === 'vehicle' && (c.type === 'RV' || c.type === 'MOTORHOME') ? 'RV' : collateralTitles[kind];
  return `${name} Collateral`;
};

const grantorsText = (c: SummaryCollateral): string =>
  c.grantors
    .map((g) => joinNonEmpty([summaryLastFirst(g), g.email, summaryAddress(g.address)], ' · '))
    .filter(Boolean)
    .join('\n');

const collateralFields = (c: SummaryCollateral): SummaryBlock => {
  const kind = collateralKind(c);
  const type: FieldInput = ['Type', summaryEnum(c.type)];
  const flood: FieldInput[] = [
    ['Flood Insurance Required', summaryYesNo(c.isFloodInsuranceRequired)],
    ['Flood Zone', c.floodZoneType],
  ];
  const title = collateralTitle(c);
  switch (kind) {
    case 'deposit':
      return fieldsBlock(title, [
        type,
        ['Account #', c.accountNumber],
        ['Account Owner', c.accountOwner],
        ['Member #', c.memberNumber],
        ['Current Rate', summaryRate(c.currentRate)],
        ['Hold Percentage', summaryPercent(c.holdPercentage)],
        ['Maturity Date', summaryDate(c.maturityDate)],
        ['Value', summaryMoney(c.value)],
      ]);
    case 'home':
      return fieldsBlock(title, [
        type,
        ['Address', summaryAddress(c.address)],
        ['Primary Address', summaryYesNo(c.isPrimaryAddress)],
        ['County', c.county],
        ['Occupancy Status', summaryEnum(c.homeOccupancyStatus)],
        ['Value', summaryMoney(c.value)],
        ['Max Loan Amount', summaryMoney(c.maxLoanAmount)],
        ['Year Built', c.year === null ? '' : String(c.year)],
        ['Lien Position', summaryEnum(c.lienPosition)],
        ['Value Type', summaryEnum(c.homeValueType)],
        ['Loan Type', summaryEnum(c.homeLoanType)],
        ['HMDA Purpose', summaryEnum(c.hmdaPurposeType)],
        ['Construction Method', summaryEnum(c.constructionMethod)],
        ['Total Units', c.totalUnits === null ? '' : String(c.totalUnits)],
        ['Census Tract', c.censusTrack],
        ['Secured Property Type', summaryEnum(c.securedPropertyType)],
        ['Land Property Interest', summaryEnum(c.landPropertyInterest)],
        ['Qualified Mortgage Type', summaryEnum(c.qualifiedMortgageType)],
        ...flood,
        ['Grantors', grantorsText(c)],
      ]);
    default:
      return fieldsBlock(title, [
        type,
        [kind === 'vehicle' || kind === 'trailer' ? 'VIN' : 'Identification Number', c.identificationNumber],
        ['Year', c.year === null ? '' : String(c.year)],
        ['Make', c.make],
        ['Model', c.model],
        ['Style', c.style],
        ['Color', c.color],
        ['Mileage', summaryCount(c.mileage)],
        ['Hours', summaryCount(c.hours)],
        ['Length', c.length],
        ['Condition', c.isUsed === null ? '' : c.isUsed ? 'Used' : 'New'],
        ['Salvage', summaryYesNo(c.isSalvage)],
        ['Value', summaryMoney(c.value)],
        ...flood,
        ['Grantors', grantorsText(c)],
      ]);
  }
};

const sumOf = (values: readonly (string | null)[]): Money =>
  values.reduce<Money>((total, v) => total.plus(summaryDecimalOf(v) ?? 0), new Money(0));

/**
 * The vehicle valuation (spec 3 §2): MSRP, base price, mileage and the valuation, then the accessories with the
 * 'Hide unselected accesories' toggle. Price + Options = base price + the selected accessories, whichever rows are
 * shown; the all-rows footer also states the unselected accessories' value (they are listed, not counted).
 */
export const vehicleValuationBlocks = (
  app: LoanSummaryApplication,
  c: SummaryCollateral,
  o: Pick<SummaryDocumentOptions, 'hideUnselectedAccessories' | 'timeZone'>,
): SummaryBlock[] => {
  const v = c.collateralValuation;
  if (!v && c.accessories.length === 0 && c.latestVehicleValuationLogId === null) return [];
  const log = app.vehicleValuationLogs.find((l) => l.id === c.latestVehicleValuationLogId) ?? null;
  const selected = c.accessories.filter((a) => a.isSelected);
  const selectedTotal = sumOf(selected.map((a) => a.value));
  const unselectedTotal = sumOf(c.accessories.filter((a) => !a.isSelected).map((a) => a.value));
  const base = summaryDecimalOf(v?.basePrice ?? null);
  const priceAndOptions = (base ?? new Money(0)).plus(selectedTotal);
  const footerSelectedOnly: string[][] = [
    ['Base Price', '', '', summaryMoney(base?.toString() ?? null)],
    ['Selected Options', '', '', summaryMoney(selectedTotal.toString())],
    ['Price + Options', '', '', summaryMoney(priceAndOptions.toString())],
  ];
  const footerAll: string[][] = [
    footerSelectedOnly[0]!,
    footerSelectedOnly[1]!,
    ['Unselected Options', '', '', summaryMoney(unselectedTotal.toString())],
    footerSelectedOnly[2]!,
  ];
  const hide = o.hideUnselectedAccessories === true;
  const rows: SummaryTableRow[] = c.accessories
    .filter((a) => !hide || a.isSelected)
    .map((a) => ({
      cells: [a.code, a.description ?? '', a.isSelected ? 'Yes' : 'No', summaryMoney(a.value)],
      ...(a.isSelected ? {} : { unselected: true }),
    }));
  const valuation = log
    ? joinNonEmpty(
        [summaryMoney(log.vehicleValue), log.vehicleValuationType, summaryDateTime(log.timeStampUtc, o.timeZone)],
        ' · ',
      )
    : '';
  return [
    fieldsBlock(`Vehicle Valuation${c.identificationNumber ? ` (${c.identificationNumber})` : ''}`, [
      ['Valuation Type', v?.vehicleValuationType],
      ['MSRP', summaryMoney(v?.msrp)],
      ['Base Price', summaryMoney(v?.basePrice)],
      ['Mileage', summaryCount(c.mileage)],
      ['New', summaryYesNo(v?.isNew)],
      ['Valuation', valuation],
      ['Price + Options', summaryMoney(priceAndOptions.toString())],
    ]),
    {
      kind: 'table',
      title: 'Accessories',
      columns: [
        { header: 'Code' },
        { header: 'Accessory' },
        { header: 'Selected' },
        { header: 'Value', align: 'right' },
      ],
      rows,
      empty: loanSummaryTexts.noData,
      ...(hide ? {} : { hideUnselectedToggle: true }),
      footerRows: hide ? footerSelectedOnly : footerAll,
      footerRowsSelectedOnly: footerSelectedOnly,
    },
  ];
};

const isVehicleLike = (c: SummaryCollateral): boolean =>
  ['vehicle', 'boat', 'trailer', 'engine'].includes(collateralKind(c));

const request = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => {
  const blocks: SummaryBlock[] = [requestFields(app)];
  if (app.tradeIns.length > 0) blocks.push(tradeInsTable(app));
  blocks.push(addOnsTable(app.loan?.loanAdditions ?? app.decision?.decisionAdditions ?? []));
  for (const c of app.collaterals) {
    blocks.push(collateralFields(c));
    if (isVehicleLike(c)) blocks.push(...vehicleValuationBlocks(app, c, o));
  }
  const insurance = insuranceBlock(app);
  if (insurance) blocks.push(insurance);
  return blocks;
};

/* ------------------------------------------------------------------------------------------- applicants */

const phoneLines = (a: SummaryApplicant): string[] =>
  a.phoneNumbers.map(
    (p) =>
      `Phone: ${joinNonEmpty([formatPhone(p.number), p.phoneType ? `(${summaryEnum(p.phoneType)})` : ''], ' ')}${p.preferredContact ? ' (Preferred)' : ''}`,
  );
const emailLines = (a: SummaryApplicant): string[] =>
  a.emails.map((e) => `Email: ${e.email}${e.preferredContact ? ' (Preferred)' : ''}`);
const addressLines = (a: SummaryApplicant): string[] =>
  a.addresses
    .map(summaryAddress)
    .filter(Boolean)
    .map((text) => `Address: ${text}`);

const line = (label: string, value: string | null | undefined): string[] =>
  value && value.trim() ? [`${label}: ${value}`] : [];

/** 'State DL: ****4321 (IL, US) Exp. 07/14/2029'. */
const govtIdLine = (id: SummaryApplicant['govtIssuedIds'][number]): string => {
  const label = summaryGovtIdLabels[id.govtIdType] ?? summaryEnum(id.govtIdType);
  const where = joinNonEmpty([id.state, id.country]);
  const expires = summaryDate(id.expirationDate);
  return `${label}: ${joinNonEmpty([id.number, where ? `(${where})` : '', expires ? `Exp. ${expires}` : ''], ' ')}`;
};

/** The standard applicant's Personal Information cell (spec 3 §2). */
const personalLines = (a: SummaryApplicant): string[] => [
  ...line('Name', fullName(a)),
  ...line('Member #', a.memberNumber),
  ...line('Role', roleLabel(a.applicantRole)),
  ...line('SSN', a.socialSecurityNumber),
  ...line('DOB', summaryDate(a.dob)),
  ...line('Marital Status', summaryEnum(a.maritalStatus)),
  ...a.govtIssuedIds.map(govtIdLine),
  ...addressLines(a),
  ...phoneLines(a),
  ...emailLines(a),
];

/** A business loan's other applicant (owner, guarantor, ...): role, ownership, DOB, addresses, phones, emails. */
const businessMemberLines = (a: SummaryApplicant): string[] => [
  ...line('Name', fullName(a)),
  ...line('Role', a.companyRole ? summaryEnum(a.companyRole) : roleLabel(a.applicantRole)),
  ...line('Ownership', summaryPercent(a.ownershipPercentage)),
  ...line('DOB', summaryDate(a.dob)),
  ...addressLines(a),
  ...phoneLines(a),
  ...emailLines(a),
];

const yearsMonths = (years: number | null, months: number | null): string =>
  joinNonEmpty(
    [
      years ? `${years} ${years === 1 ? 'year' : 'years'}` : '',
      months ? `${months} ${months === 1 ? 'month' : 'months'}` : '',
    ],
    ' ',
  );

/** 'Employed, Acme Logistics, Operations Manager, $6,250.00 Monthly, 6 years 3 months' (each part when present). */
export const employmentLine = (e: SummaryApplicant['employments'][number]): string =>
  joinNonEmpty([
    summaryEnum(e.status),
    e.employer,
    e.occupation,
    joinNonEmpty([summaryMoney(e.salary), summaryMoney(e.salary) ? frequencyLabel(e.payPeriod) : ''], ' '),
    yearsMonths(e.yearsEmployed, e.monthsEmployed),
  ]) + (e.isCurrent ? '' : ' (Previous)');

/** 'Income, Rental, Garage rental, $350.00/month' or 'Debt, Mortgage, Home mortgage, $1,450.00/month, Balance $182,300.45'. */
export const financeLine = (f: SummaryApplicant['finances'][number]): string => {
  const amount = summaryMoney(f.amount);
  return joinNonEmpty([
    f.isIncome ? 'Income' : 'Debt',
    summaryEnum(f.type),
    f.description,
    amount ? `${amount}/month` : '',
    !f.isIncome && summaryMoney(f.balance) ? `Balance ${summaryMoney(f.balance)}` : '',
  ]);
};

/** 'Real Estate, Primary home, Amount $285,000.00, Balance $182,300.45, Net $102,699.55' (net = amount − balance). */
export const assetLine = (asset: SummaryApplicant['assets'][number]): string => {
  const amount = summaryDecimalOf(asset.amount);
  const balance = summaryDecimalOf(asset.loanBalance);
  const net = amount === null ? null : amount.minus(balance ?? 0);
  return joinNonEmpty([
    'Asset',
    summaryEnum(asset.type),
    asset.description,
    amount === null ? '' : `Amount ${summaryMoney(amount.toString())}`,
    balance === null ? '' : `Balance ${summaryMoney(balance.toString())}`,
    net === null ? '' : `Net ${summaryMoney(net.toString())}`,
  ]);
};

/** The business (primary applicant of a business loan) in its own block (spec 3 §2). */
const businessBlock = (a: SummaryApplicant): SummaryBlock =>
  fieldsBlock('Business', [
    ['Company Name', a.companyName],
    ['Member #', a.memberNumber],
    ['Account #', a.companyAccountNumber],
    ['EIN', a.employerIdentificationNumber],
    ['NAICS/SIC', a.companyNaicsSic],
    ['Entity Type', summaryEnum(a.businessEntityType)],
    ['Established Date', summaryDate(a.companyEstablishedDate)],
    ['State Organized', a.companyState],
    ['Addresses', a.addresses.map(summaryAddress).filter(Boolean).join('\n')],
    ['Company Phone', formatPhone(a.companyPhoneNumber)],
    [
      'Gross Income',
      joinNonEmpty(
        [
          summaryMoney(a.companyGrossIncome),
          summaryMoney(a.companyGrossIncome) ? frequencyLabel(a.companyGrossIncomeFrequency) : '',
        ],
        ' ',
      ),
    ],
    ['Monthly Debt', summaryMoney(a.companyDebt)],
  ]);

const applicants = (app: LoanSummaryApplication): SummaryBlock[] => {
  const business = app.loanProduct.isBusinessLoan;
  const primary = primaryOf(app);
  const shown = visibleApplicants(app);
  const blocks: SummaryBlock[] = business && primary ? [businessBlock(primary)] : [];
  if (shown.length === 0) return [...blocks, empty(loanSummaryTexts.noApplicantData)];
  blocks.push({
    kind: 'table',
    columns: [
      { header: '', width: 'auto' },
      ...shown.map((a) => ({ header: applicantHeader(a), width: '*' as const })),
    ],
    rows: [
      {
        cells: [
          'Personal Information',
          ...shown.map((a) => (business ? businessMemberLines(a) : personalLines(a)).join('\n')),
        ],
      },
      { cells: ['Employment', ...shown.map((a) => a.employments.map(employmentLine).join('\n'))] },
      {
        cells: [
          'Other Income / Debt and Assets',
          ...shown.map((a) => [...a.finances.map(financeLine), ...a.assets.map(assetLine)].join('\n')),
        ],
      },
    ],
  });
  return blocks;
};

/* ------------------------------------------------------------------------------------------- credit review */

const tradelineCountsTable = (report: NonNullable<SummaryApplicant['activeCreditReport']>): SummaryTable => {
  const types = [...new Set(report.tradelines.map((t) => t.portfolioType ?? 'UNKNOWN'))];
  const rowOf = (label: string, lines: typeof report.tradelines): string[] => [
    label,
    String(lines.length),
    String(lines.filter((t) => t.isOpen).length),
    String(lines.filter((t) => t.isDeliquent).length),
    String(lines.filter((t) => t.isDerogatory).length),
    summaryMoney(sumOf(lines.map((t) => t.balance)).toString()),
    summaryMoney(sumOf(lines.map((t) => t.monthlyPayment)).toString()),
  ];
  return {
    kind: 'table',
    title: 'Tradelines',
    columns: [
      { header: 'Portfolio Type' },
      { header: 'Total', align: 'right' },
      { header: 'Open', align: 'right' },
      { header: 'Delinquent', align: 'right' },
      { header: 'Derogatory', align: 'right' },
      { header: 'Balance', align: 'right' },
      { header: 'Monthly Payment', align: 'right' },
    ],
    rows: types.map((type) => ({
      cells: rowOf(
        summaryEnum(type),
        report.tradelines.filter((t) => (t.portfolioType ?? 'UNKNOWN') === type),
      ),
    })),
    empty: loanSummaryTexts.noData,
    ...(report.tradelines.length > 0 ? { footerRows: [rowOf('Total', report.tradelines)] } : {}),
  };
};

const creditReview = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => {
  const shown = visibleApplicants(app);
  if (shown.length === 0) return [empty(loanSummaryTexts.noApplicantData)];
  const blocks: SummaryBlock[] = [];
  for (const a of shown) {
    const r = a.activeCreditReport;
    const title = applicantHeader(a);
    if (!r) {
      blocks.push({ kind: 'text', title, text: loanSummaryTexts.noActiveCreditReport });
      continue;
    }
    blocks.push(
      fieldsBlock(title, [
        ['Credit Bureau', r.creditBureau.name],
        ['Pulled', summaryDateTime(r.pulledUtcTime, o.timeZone)],
        ...r.scoreModels.map((m): FieldInput => [
          m.id === r.defaultScoreModelId ? `${m.serviceName} (Default)` : m.serviceName,
          m.score === null ? '' : String(m.score),
        ]),
        ['OFAC', r.ofac === null ? '' : r.ofac ? 'Hit' : 'Clear'],
        ['MLA', r.mla === null ? '' : r.mla ? 'Covered' : 'Not Covered'],
        ['Public Records', r.publicRecordsCount === null ? '' : String(r.publicRecordsCount)],
        ['Inquiries', r.inquiriesCount === null ? '' : String(r.inquiriesCount)],
        ['Open Tradelines', String(r.tradelines.filter((t) => t.isOpen).length)],
        ['Delinquent Tradelines', String(r.tradelines.filter((t) => t.isDeliquent).length)],
        ['Derogatory Tradelines', String(r.tradelines.filter((t) => t.isDerogatory).length)],
      ]),
      tradelineCountsTable(r),
    );
  }
  blocks.push(
    fieldsBlock(undefined, [
      ['Average Credit Score', app.averageCreditScore === null ? '' : String(app.averageCreditScore)],
    ]),
  );
  return blocks;
};

/* ------------------------------------------------------------------------------------------- decision */

type PolicyExceptionData = NonNullable<NonNullable<LoanSummaryApplication['decision']>['policyException']>;

/** Issue 29, item 5: the decision's exception to policy — each limit passed, then why and by whom. */
const policyExceptionBlocks = (x: PolicyExceptionData): SummaryBlock[] => [
  {
    kind: 'table',
    title: 'Exception to Policy',
    columns: [{ header: 'Limit' }, { header: 'Policy' }, { header: 'Decided' }],
    rows: x.limits.map((l) => ({
      cells: [l.label, policyLimitValue(l.limit, l.policyValue), policyLimitValue(l.limit, l.decidedValue)],
    })),
  },
  fieldsBlock(undefined, [
    ['Exception Reason', x.reason],
    ['Excepted By', x.decidedBy],
  ]),
];

/** A money figure shown only when it is not zero (a balloon, prepaid charges). */
const nonZeroMoney = (value: string | null | undefined) =>
  value === null || value === undefined || /^-?0+(\.0+)?$/.test(value) ? null : summaryMoney(value);

/** The Truth in Lending figures (Regulation Z §1026.18) of a decision or a loan. */
const disclosureFields = (d: SummaryDisclosures | null | undefined): FieldInput[] => [
  ['APR', summaryRate(d?.apr)],
  ['Finance Charge', summaryMoney(d?.financeCharge)],
  ['Total of Payments', summaryMoney(d?.totalOfPayments)],
  ['Amount Financed', summaryMoney(d?.amountFinanced)],
  ['Prepaid Finance Charge', nonZeroMoney(d?.prepaidFinanceCharge)],
  [loanSummaryTexts.balloonAmount, nonZeroMoney(d?.balloonAmount)],
];

const decision = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => {
  const d = app.decision;
  if (!d) return [empty(loanSummaryTexts.noDecisionData)];
  const terms = d.approval ?? d.pending;
  const by = d.createdByUser ? summaryLastFirst(d.createdByUser) || d.createdByUser.serviceName : null;
  const blocks: SummaryBlock[] = [
    fieldsBlock(undefined, [
      ['Decision', summaryEnum(d.decisionType)],
      ['Decision Date', summaryDateTime(d.createdUtcTime, o.timeZone)],
      ['Decision By', by],
      ['LTV', summaryLtv(d.ltv)],
      ['Tier', terms?.creditTier?.name],
      ['Amount', summaryMoney(terms?.amount)],
      ['Term', termLabel(terms?.term)],
      ['Rate', summaryRate(terms?.interestRate)],
      ['Payment', summaryMoney(terms?.monthlyPayment)],
      ['Payment Frequency', frequencyLabel(terms?.paymentFrequency)],
      ['Contract Date', summaryDate(d.approval?.contractDate)],
      ['First Payment Date', summaryDate(d.approval?.firstPaymentDate)],
      ...disclosureFields(d.disclosures),
      ['Cancel Reason', d.cancel?.cancelReason],
    ]),
  ];
  if (d.conditions.length > 0) {
    blocks.push({
      kind: 'table',
      title: 'Conditions',
      columns: [{ header: 'Code' }, { header: 'Description' }],
      rows: d.conditions.map((c) => ({ cells: [c.code, c.description] })),
    });
  }
  if (d.policyException) blocks.push(...policyExceptionBlocks(d.policyException));
  const reasons = d.decline?.declineReasons ?? [];
  if (reasons.length > 0) {
    const applicantName = (id: number | null) => {
      const a = id === null ? undefined : app.applicants.find((x) => x.id === id);
      return a ? applicantHeader(a) : '';
    };
    blocks.push({
      kind: 'table',
      title: 'Decline Reasons',
      columns: [{ header: 'Reason' }, { header: 'Applicant' }],
      rows: reasons.map((r) => ({ cells: [r.freeFormatName || summaryEnum(r.reason), applicantName(r.applicantId)] })),
    });
  }
  blocks.push(addOnsTable(d.decisionAdditions, 'Add-Ons'));
  return blocks;
};

/* ------------------------------------------------------------------------------------------- requirements */

const requirements = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => [
  {
    kind: 'table',
    columns: [
      { header: 'Requirement' },
      { header: 'Status' },
      { header: 'Required' },
      { header: 'Source' },
      { header: 'Cleared / Waived' },
    ],
    rows: app.fundingRequirements.map((r) => ({
      cells: [
        r.name,
        summaryEnum(r.status),
        r.required ? 'Yes' : 'No',
        r.source ?? '',
        r.status === 'waived'
          ? joinNonEmpty(['Waived', r.waivedReason], ': ')
          : r.clearedUtcTime
            ? summaryDateTime(r.clearedUtcTime, o.timeZone)
            : '',
      ],
    })),
    empty: loanSummaryTexts.noData,
  },
];

/* ------------------------------------------------------------------------------------------- funding */

const funding = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => {
  const l = app.loan;
  if (!l) return [empty(loanSummaryTexts.noFundingData)];
  const total = sumOf(l.disbursements.map((d) => d.amount));
  return [
    fieldsBlock(undefined, [
      ['Loan Id', l.loanId],
      ['Member #', l.memberNumber],
      ['Share Account #', l.shareAccountNumber],
      ['Contract Date', summaryDate(l.contractDate)],
      ['First Payment Date', summaryDate(l.firstPaymentDate)],
      ['Funding Date', summaryDate(l.fundingDate)],
      ['Rescission Date', summaryDate(l.rescissionDate)],
      ['Amount', summaryMoney(l.amount)],
      ['Rate', summaryRate(l.interestRate)],
      ['Term', termLabel(l.term)],
      ['Payment', summaryMoney(l.monthlyPayment)],
      ['Payment Frequency', frequencyLabel(l.paymentFrequency)],
      ...disclosureFields(l.disclosures),
      ['Reserve', summaryMoney(l.reserveAmount)],
      ['Funded', l.isFunded ? joinNonEmpty(['Yes', summaryDateTime(l.fundedUtcTime, o.timeZone)], ' · ') : 'No'],
      ['GAP', summaryMoney(l.gap)],
      ['Credit Disability', summaryMoney(l.creditDisability)],
      ['Credit Life', summaryMoney(l.creditLife)],
      ['Warranty', summaryMoney(l.warranty)],
      ['Other Back End Fees', summaryMoney(l.otherBackEndFees)],
    ]),
    addOnsTable(l.loanAdditions, 'Add-Ons'),
    {
      kind: 'table',
      title: 'Disbursements',
      columns: [
        { header: 'Payee Type' },
        { header: 'Payee' },
        { header: 'Method' },
        { header: 'Amount', align: 'right' },
      ],
      rows: l.disbursements.map((d) => ({
        cells: [summaryEnum(d.payeeType), d.payeeName ?? '', d.disbursalMethodName ?? '', summaryMoney(d.amount)],
      })),
      empty: loanSummaryTexts.noData,
      ...(l.disbursements.length > 0 ? { footerRows: [['Total', '', '', summaryMoney(total.toString())]] } : {}),
    },
  ];
};

/* ------------------------------------------------------------------------------------------- sales */

const sales = (app: LoanSummaryApplication): SummaryBlock[] => {
  const latest = app.salesQuotes.reduce<LoanSummaryApplication['salesQuotes'][number] | null>(
    (best, q) => (best === null || q.id > best.id ? q : best),
    null,
  );
  if (!latest) return [empty(loanSummaryTexts.noSalesQuoteData)];
  const showsDown = ['AUTOMOTIVE', 'BOAT', 'RV'].includes(app.loanProduct.controlType);
  return [
    fieldsBlock(undefined, [
      ['Contract Date', summaryDate(latest.contractDate)],
      ['First Payment Date', summaryDate(latest.firstPaymentDate)],
      ['Amount Owed', summaryMoney(latest.amountOwed)],
      ['Down Payment', showsDown ? summaryMoney(latest.downPayment) : ''],
      ['Loan Amount', summaryMoney(latest.loanAmount)],
      ['Term', termLabel(latest.terms)],
      ['Rate', summaryRate(latest.interestRate)],
      ['Payment', summaryMoney(latest.payment)],
      ['Payment Frequency', frequencyLabel(latest.paymentFrequency)],
      ['Credit Tier', latest.creditTier],
    ]),
  ];
};

/* ------------------------------------------------------------------------------------------- comments */

const comments = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => {
  const shown = app.comments.filter((c) => !c.isDeleted);
  if (shown.length === 0) return [empty(loanSummaryTexts.noCommentData)];
  const table = (title: string, type: 'JOURNAL' | 'DEALER'): SummaryTable => ({
    kind: 'table',
    title,
    columns: [
      { header: 'Date & Time', width: 'auto' },
      { header: 'User', width: 'auto' },
      { header: 'Message', width: '*' },
    ],
    rows: shown
      .filter((c) => c.type === type)
      .map((c) => ({
        cells: [summaryDateTime(c.timestampUtc, o.timeZone), summaryLastFirst(c.user) || (c.sender ?? ''), c.message],
      })),
    empty: loanSummaryTexts.noCommentData,
  });
  return [table('Journal Comments', 'JOURNAL'), table('Dealer Comments', 'DEALER')];
};

/* ------------------------------------------------------------------------------------------- history */

const applicationHistory = (app: LoanSummaryApplication, o: SummaryDocumentOptions): SummaryBlock[] => [
  {
    kind: 'table',
    columns: [
      { header: 'Date & Time', width: 'auto' },
      { header: 'User', width: 'auto' },
      { header: 'Action', width: 'auto' },
      { header: 'Description', width: '*' },
    ],
    rows: app.history.map((h) => ({
      cells: [summaryDateTime(h.dateTimeUtc, o.timeZone), summaryLastFirst(h.user), h.action, h.description],
      ...(h.changes.length > 0
        ? {
            detail: {
              kind: 'table' as const,
              columns: [{ header: 'Entity' }, { header: 'Property' }, { header: 'Old Value' }, { header: 'New Value' }],
              rows: h.changes.map((c) => ({ cells: [c.entity, c.property, c.oldValue ?? '', c.newValue ?? ''] })),
            },
          }
        : {}),
    })),
    empty: loanSummaryTexts.noData,
  },
];

/* ------------------------------------------------------------------------------------------- the document */

const sectionBlocks = (
  key: LoanSummarySection,
  app: LoanSummaryApplication,
  o: SummaryDocumentOptions,
): SummaryBlock[] => {
  switch (key) {
    case 'channelAndProduct':
      return channelAndProduct(app, o);
    case 'request':
      return request(app, o);
    case 'applicants':
      return applicants(app);
    case 'creditReview':
      return creditReview(app, o);
    case 'decision':
      return decision(app, o);
    case 'requirements':
      return requirements(app, o);
    case 'funding':
      return funding(app, o);
    case 'sales':
      return sales(app);
    case 'comments':
      return comments(app, o);
    case 'applicationHistory':
      return applicationHistory(app, o);
  }
};

/** The section's title: the dialog's label, except Applicants reads 'Application' for business loans (spec 3 §2). */
const sectionTitle = (key: LoanSummarySection, app: LoanSummaryApplication): string =>
  key === 'applicants' && app.loanProduct.isBusinessLoan ? 'Application' : loanSummarySectionLabels[key];

/** The summary document of the chosen sections (see the module comment for the order rule). */
export const buildSummaryDocument = (
  app: LoanSummaryApplication,
  sections: readonly LoanSummarySection[],
  options: SummaryDocumentOptions,
): SummaryDocument => ({
  applicationId: app.id,
  title: options.title,
  footer: summaryFooter(app, options.timeZone),
  fileName: summaryFileName(app),
  sections: orderSummarySections(sections).map((key): SummaryDocumentSection => ({
    key,
    title: sectionTitle(key, app),
    blocks: sectionBlocks(key, app, options),
  })),
});
