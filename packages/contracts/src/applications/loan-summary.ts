import {
  loanSummarySections,
  loanSummaryTexts,
  type LoanSummarySection,
  type SalesDisplayOption,
} from '@credence/domain';
import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { idParamsSchema } from './common.ts';

/*
 * The loan summary and closing summary (spec 3 §2 Loan Summary dialog and page sections, §3 application as read by
 * the summary, §7 loan summary query, §9 PDF). One GraphQL query (`GetLoanSummary`) reads the application graph;
 * `buildSummaryDocument` (packages/domain, loan-summary) turns it into a neutral document of sections and blocks;
 * the web renders that document on `/closingSummary/{id}`, the server renders the same document as the PDF.
 */

/* ------------------------------------------------------------------------------------------- sections */

export {
  loanSummarySections,
  loanSummarySectionLabels,
  salesDisplayOptions,
  printableSections,
  loanSummaryTexts,
  type LoanSummarySection,
  type SalesDisplayOption,
} from '@credence/domain';

/* ------------------------------------------------------------------------------------------- GraphQL */

/** The GraphQL endpoint (POST; the web client batches: interval 10 ms, at most 10 operations per request). */
export const GRAPHQL_PATH = '/api/graphql';
export const GRAPHQL_BATCH_INTERVAL_MS = 10;
export const GRAPHQL_BATCH_MAX = 10;

/** `GetLoanInfo` (spec 3 §7): the loan's headline figures; not cached by the client. */
export const GET_LOAN_INFO = /* GraphQL */ `
  query GetLoanInfo($applicationId: Int!) {
    application(id: $applicationId) {
      id
      estAmtFinanced
      termMonths
      paymentFrequency
      decision {
        approval {
          amount
          term
          interestRate
          paymentFrequency
          monthlyPayment
        }
      }
      loan {
        amount
        term
        interestRate
        paymentFrequency
        monthlyPayment
        isFunded
      }
      dealer {
        name
        phoneNumber
      }
    }
  }
`;

/** `GetLoanSummary` (spec 3 §7): the whole application graph the summary prints (spec 3 §3). */
export const GET_LOAN_SUMMARY = /* GraphQL */ `
  query GetLoanSummary($applicationId: Int!) {
    application(id: $applicationId) {
      id
      source
      transactionType
      direct
      createdUtcTime
      estAmtFinanced
      requestedAmount
      otherFees
      cashDown
      rebate
      netTradeIn
      ttlEstimate
      negotiatedPrice
      termMonths
      paymentFrequency
      residualAmount
      otherBackEndFees
      gap
      creditDisability
      creditLife
      warranty
      totalFrontEndAmount
      totalBackEndFees
      totalLoanAmount
      averageCreditScore
      loanProductId
      purpose
      state {
        name
      }
      lenderSettings {
        salesWorksheetEnabled
        salesDisplayOption
        exportLoanSummaryOnFunding
        timeZone
      }
      loanProduct {
        id
        name
        controlType
        direct
        isBusinessLoan
      }
      insurance {
        id
        company
        policyNumber
        agentFirstName
        agentLastName
        agentPhoneNumber
        faxNumber
        expirationDate
      }
      metrics {
        metricType
        value
      }
      tradeIns {
        year
        make
        model
        style
        lienHolderName
        monthlyPayment
        value
        payoff
      }
      dealer {
        name
        addressLine1
        addressLine2
        city
        state
        zip
        phoneNumber
        faxNumber
        mainContactName
        mainContactEmail
        reserve {
          name
        }
      }
      dealerPurchase {
        dealership
        amountToDealer
        phoneNumber
        fax
        email
        attention
        spokeTo
        address {
          addressLine1
          addressLine2
          city
          state
          zip
        }
      }
      sellers {
        sellingPrice
        sellerNames
        phoneNumber
        email
        hasLien
        address {
          addressLine1
          addressLine2
          city
          state
          zip
        }
      }
      lien {
        lienholder
        accountNumber
        payoffAmount
        perDiem
        payment
        goodThrough
        mailTo
        phoneNumber
        attention
        spokeTo
      }
      internalRefinance {
        memberNumber
        loanNumber
        payoffAmount
        perDiem
        goodThrough
      }
      collaterals {
        id
        family
        type
        identificationNumber
        value
        color
        year
        make
        model
        style
        hours
        mileage
        length
        isUsed
        isFloodInsuranceRequired
        floodZoneType
        accountNumber
        currentRate
        accountOwner
        holdPercentage
        maturityDate
        isSalvage
        memberNumber
        address {
          addressLine1
          addressLine2
          city
          state
          zip
        }
        isPrimaryAddress
        county
        maxLoanAmount
        qualifiedMortgageType
        lienPosition
        homeValueType
        homeLoanType
        hmdaPurposeType
        constructionMethod
        totalUnits
        censusTrack
        securedPropertyType
        landPropertyInterest
        homeOccupancyStatus
        accessories {
          code
          description
          value
          isSelected
        }
        grantors {
          firstName
          lastName
          email
          address {
            addressLine1
            addressLine2
            city
            state
            zip
          }
        }
        collateralValuation {
          vehicleValuationType
          msrp
          basePrice
          isNew
        }
        latestVehicleValuationLogId
      }
      vehicleValuationLogs {
        id
        vin
        timeStampUtc
        vehicleValuationType
        vehicleValue
      }
      applicants {
        id
        applicantRole
        isPrimary
        memberNumber
        firstName
        lastName
        dob
        maritalStatus
        isBusiness
        socialSecurityNumber
        companyName
        companyAccountNumber
        companyEstablishedDate
        companyPhoneNumber
        companyRole
        businessEntityType
        ownershipPercentage
        employerIdentificationNumber
        companyDebt
        companyState
        companyGrossIncome
        companyGrossIncomeFrequency
        companyNaicsSic
        addresses {
          addressLine1
          addressLine2
          city
          state
          zip
        }
        phoneNumbers {
          number
          phoneType
          preferredContact
        }
        emails {
          email
          preferredContact
        }
        govtIssuedIds {
          govtIdType
          number
          state
          country
          expirationDate
        }
        employments {
          status
          employer
          occupation
          salary
          payPeriod
          yearsEmployed
          monthsEmployed
          isCurrent
        }
        finances {
          isIncome
          type
          description
          amount
          balance
          isSecured
        }
        assets {
          type
          description
          amount
          loanBalance
        }
        activeCreditReport {
          id
          pulledUtcTime
          ofac
          mla
          creditBureau {
            name
          }
          defaultScoreModelId
          publicRecordsCount
          inquiriesCount
          scoreModels {
            id
            serviceName
            score
          }
          tradelines {
            creditorName
            portfolioType
            tradelineStatus
            isOpen
            isDeliquent
            isDerogatory
            balance
            monthlyPayment
          }
        }
      }
      decision {
        id
        decisionType
        createdUtcTime
        ltv
        createdByUser {
          firstName
          lastName
          serviceName
        }
        approval {
          amount
          creditTier {
            name
          }
          paymentFrequency
          term
          interestRate
          monthlyPayment
          contractDate
          firstPaymentDate
        }
        pending {
          amount
          creditTier {
            name
          }
          paymentFrequency
          term
          interestRate
          monthlyPayment
        }
        disclosures {
          apr
          financeCharge
          amountFinanced
          totalOfPayments
          prepaidFinanceCharge
          balloonAmount
        }
        cancel {
          cancelReason
        }
        decline {
          declineReasons {
            reason
            freeFormatName
            applicantId
          }
        }
        conditions {
          code
          description
        }
        policyException {
          limits {
            limit
            label
            policyValue
            decidedValue
          }
          reason
          decidedBy
        }
        decisionAdditions {
          name
          flatAmount
          ratePer1000
          amount
          selected
        }
      }
      fundingRequirements {
        id
        name
        status
        includeOnDecision
        required
        source
        waivedReason
        clearedUtcTime
      }
      loan {
        id
        contractDate
        firstPaymentDate
        fundingDate
        rescissionDate
        amount
        interestRate
        term
        isFunded
        fundedUtcTime
        paymentFrequency
        monthlyPayment
        reserveAmount
        loanId
        memberNumber
        shareAccountNumber
        disclosures {
          apr
          financeCharge
          amountFinanced
          totalOfPayments
          prepaidFinanceCharge
          balloonAmount
        }
        loanAdditions {
          name
          flatAmount
          ratePer1000
          amount
          selected
        }
        disbursements {
          payeeType
          payeeName
          amount
          disbursalMethodName
        }
        otherBackEndFees
        gap
        creditDisability
        creditLife
        warranty
      }
      salesQuotes {
        id
        contractDate
        firstPaymentDate
        amountOwed
        downPayment
        loanAmount
        paymentFrequency
        terms
        interestRate
        payment
        creditTier
      }
      comments {
        id
        type
        message
        sender
        timestampUtc
        isDeleted
        user {
          firstName
          lastName
        }
      }
      history {
        id
        dateTimeUtc
        user {
          firstName
          lastName
        }
        action
        description
        changes {
          entity
          entityId
          property
          oldValue
          newValue
        }
      }
    }
  }
`;

/* The result types of the two queries (money and rates as decimal strings, dates 'YYYY-MM-DD', times ISO UTC). */

type Money = string;
export type SummaryAddress = {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};
export type SummaryPersonName = { firstName: string | null; lastName: string | null };
export type SummaryTerms = {
  amount: Money | null;
  term: number | null;
  interestRate: string | null;
  paymentFrequency: string | null;
  monthlyPayment: Money | null;
};
export type SummaryAddition = {
  name: string;
  flatAmount: Money | null;
  ratePer1000: string | null;
  amount: Money | null;
  selected: boolean;
};

export type LoanInfo = {
  id: number;
  estAmtFinanced: Money | null;
  termMonths: number | null;
  paymentFrequency: string | null;
  decision: { approval: SummaryTerms | null } | null;
  loan: (SummaryTerms & { isFunded: boolean }) | null;
  dealer: { name: string; phoneNumber: string | null } | null;
};

export type SummaryCreditReport = {
  id: number;
  pulledUtcTime: string | null;
  ofac: boolean | null;
  mla: boolean | null;
  creditBureau: { name: string };
  defaultScoreModelId: string | null;
  publicRecordsCount: number | null;
  inquiriesCount: number | null;
  scoreModels: { id: string; serviceName: string; score: number | null }[];
  tradelines: {
    creditorName: string | null;
    portfolioType: string | null;
    tradelineStatus: string | null;
    isOpen: boolean;
    isDeliquent: boolean;
    isDerogatory: boolean;
    balance: Money | null;
    monthlyPayment: Money | null;
  }[];
};

export type SummaryApplicant = {
  id: number;
  applicantRole: string;
  isPrimary: boolean;
  memberNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  dob: string | null;
  maritalStatus: string | null;
  isBusiness: boolean;
  /** Always masked ('***-**-1234'): the full number is only shown by the audited reveal call. */
  socialSecurityNumber: string | null;
  companyName: string | null;
  companyAccountNumber: string | null;
  companyEstablishedDate: string | null;
  companyPhoneNumber: string | null;
  companyRole: string | null;
  businessEntityType: string | null;
  ownershipPercentage: string | null;
  /** Masked like the SSN. */
  employerIdentificationNumber: string | null;
  companyDebt: Money | null;
  companyState: string | null;
  companyGrossIncome: Money | null;
  companyGrossIncomeFrequency: string | null;
  companyNaicsSic: string | null;
  addresses: SummaryAddress[];
  phoneNumbers: { number: string; phoneType: string | null; preferredContact: boolean }[];
  emails: { email: string; preferredContact: boolean }[];
  /** The id number masked like the SSN. */
  govtIssuedIds: {
    govtIdType: string;
    number: string | null;
    state: string | null;
    country: string | null;
    expirationDate: string | null;
  }[];
  employments: {
    status: string | null;
    employer: string | null;
    occupation: string | null;
    salary: Money | null;
    payPeriod: string | null;
    yearsEmployed: number | null;
    monthsEmployed: number | null;
    isCurrent: boolean;
  }[];
  finances: {
    isIncome: boolean;
    type: string | null;
    description: string | null;
    amount: Money | null;
    balance: Money | null;
    isSecured: boolean;
  }[];
  assets: { type: string | null; description: string | null; amount: Money | null; loanBalance: Money | null }[];
  activeCreditReport: SummaryCreditReport | null;
};

export type SummaryCollateral = {
  id: number;
  family: string;
  type: string;
  identificationNumber: string | null;
  value: Money | null;
  color: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  style: string | null;
  hours: number | null;
  mileage: number | null;
  length: string | null;
  isUsed: boolean | null;
  isFloodInsuranceRequired: boolean | null;
  floodZoneType: string | null;
  accountNumber: string | null;
  currentRate: string | null;
  accountOwner: string | null;
  holdPercentage: string | null;
  maturityDate: string | null;
  isSalvage: boolean | null;
  memberNumber: string | null;
  address: SummaryAddress | null;
  isPrimaryAddress: boolean | null;
  county: string | null;
  maxLoanAmount: Money | null;
  qualifiedMortgageType: string | null;
  lienPosition: string | null;
  homeValueType: string | null;
  homeLoanType: string | null;
  hmdaPurposeType: string | null;
  constructionMethod: string | null;
  totalUnits: number | null;
  censusTrack: string | null;
  securedPropertyType: string | null;
  landPropertyInterest: string | null;
  homeOccupancyStatus: string | null;
  accessories: { code: string; description: string | null; value: Money | null; isSelected: boolean }[];
  grantors: (SummaryPersonName & { email: string | null; address: SummaryAddress | null })[];
  collateralValuation: {
    vehicleValuationType: string | null;
    msrp: Money | null;
    basePrice: Money | null;
    isNew: boolean | null;
  } | null;
  latestVehicleValuationLogId: number | null;
};

/** The Truth in Lending figures of a decision or a loan (the last two: issue 41; null before it). */
export type SummaryDisclosures = {
  apr: string;
  financeCharge: Money;
  amountFinanced: Money;
  totalOfPayments: Money;
  prepaidFinanceCharge?: Money | null;
  balloonAmount?: Money | null;
};

export type SummaryDecision = {
  id: number;
  decisionType: string;
  createdUtcTime: string;
  ltv: string | null;
  createdByUser: (SummaryPersonName & { serviceName: string | null }) | null;
  approval:
    | (SummaryTerms & {
        creditTier: { name: string } | null;
        contractDate: string | null;
        firstPaymentDate: string | null;
      })
    | null;
  pending: (SummaryTerms & { creditTier: { name: string } | null }) | null;
  disclosures: SummaryDisclosures | null;
  cancel: { cancelReason: string | null } | null;
  decline: { declineReasons: { reason: string; freeFormatName: string | null; applicantId: number | null }[] } | null;
  conditions: { code: string; description: string }[];
  decisionAdditions: SummaryAddition[];
  /** Terms decided outside the policy (issue 29, item 5): each limit passed, why, and by whom. */
  policyException: {
    limits: { limit: string; label: string; policyValue: string; decidedValue: string }[];
    reason: string;
    decidedBy: string;
  } | null;
};

export type SummaryLoan = SummaryTerms & {
  id: number;
  contractDate: string | null;
  firstPaymentDate: string | null;
  fundingDate: string | null;
  rescissionDate: string | null;
  isFunded: boolean;
  fundedUtcTime: string | null;
  reserveAmount: Money | null;
  loanId: string | null;
  memberNumber: string | null;
  shareAccountNumber: string | null;
  disclosures?: SummaryDisclosures | null;
  loanAdditions: SummaryAddition[];
  disbursements: { payeeType: string; payeeName: string | null; amount: Money; disbursalMethodName: string | null }[];
  otherBackEndFees: Money | null;
  gap: Money | null;
  creditDisability: Money | null;
  creditLife: Money | null;
  warranty: Money | null;
};

export type LoanSummaryApplication = {
  id: number;
  source: string | null;
  transactionType: string | null;
  direct: boolean;
  createdUtcTime: string;
  estAmtFinanced: Money | null;
  requestedAmount: Money | null;
  otherFees: Money | null;
  cashDown: Money | null;
  rebate: Money | null;
  netTradeIn: Money | null;
  ttlEstimate: Money | null;
  negotiatedPrice: Money | null;
  termMonths: number | null;
  paymentFrequency: string | null;
  /** Shown as 'Ballon Amount'. */
  residualAmount: Money | null;
  otherBackEndFees: Money | null;
  gap: Money | null;
  creditDisability: Money | null;
  creditLife: Money | null;
  warranty: Money | null;
  totalFrontEndAmount: Money | null;
  totalBackEndFees: Money | null;
  totalLoanAmount: Money | null;
  averageCreditScore: number | null;
  loanProductId: number;
  purpose: string | null;
  state: { name: string };
  lenderSettings: {
    salesWorksheetEnabled: boolean;
    salesDisplayOption: SalesDisplayOption;
    exportLoanSummaryOnFunding: boolean;
    /** The lender's IANA time zone: the summary's date-times are shown in it (page and PDF alike). */
    timeZone: string;
  };
  loanProduct: { id: number; name: string; controlType: string; direct: boolean; isBusinessLoan: boolean };
  insurance: {
    id: number;
    company: string | null;
    policyNumber: string | null;
    agentFirstName: string | null;
    agentLastName: string | null;
    agentPhoneNumber: string | null;
    faxNumber: string | null;
    expirationDate: string | null;
  } | null;
  metrics: { metricType: string; value: string | null }[];
  tradeIns: {
    year: number | null;
    make: string | null;
    model: string | null;
    style: string | null;
    lienHolderName: string | null;
    monthlyPayment: Money | null;
    value: Money | null;
    payoff: Money | null;
  }[];
  dealer: {
    name: string;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phoneNumber: string | null;
    faxNumber: string | null;
    mainContactName: string | null;
    mainContactEmail: string | null;
    reserve: { name: string } | null;
  } | null;
  dealerPurchase: {
    dealership: string | null;
    amountToDealer: Money | null;
    phoneNumber: string | null;
    fax: string | null;
    email: string | null;
    attention: string | null;
    spokeTo: string | null;
    address: SummaryAddress | null;
  } | null;
  sellers: {
    sellingPrice: Money | null;
    sellerNames: string | null;
    phoneNumber: string | null;
    email: string | null;
    hasLien: boolean;
    address: SummaryAddress | null;
  }[];
  lien: {
    lienholder: string | null;
    accountNumber: string | null;
    payoffAmount: Money | null;
    perDiem: Money | null;
    payment: Money | null;
    goodThrough: string | null;
    mailTo: string | null;
    phoneNumber: string | null;
    attention: string | null;
    spokeTo: string | null;
  } | null;
  internalRefinance: {
    memberNumber: string | null;
    loanNumber: string | null;
    payoffAmount: Money | null;
    perDiem: Money | null;
    goodThrough: string | null;
  } | null;
  collaterals: SummaryCollateral[];
  vehicleValuationLogs: {
    id: number;
    vin: string | null;
    timeStampUtc: string;
    vehicleValuationType: string | null;
    vehicleValue: Money | null;
  }[];
  applicants: SummaryApplicant[];
  /** The decision in force (the latest receipt not retracted); null before any. */
  decision: SummaryDecision | null;
  fundingRequirements: {
    id: number;
    name: string;
    status: string;
    includeOnDecision: boolean;
    required: boolean;
    source: string | null;
    waivedReason: string | null;
    clearedUtcTime: string | null;
  }[];
  loan: SummaryLoan | null;
  salesQuotes: {
    id: number;
    contractDate: string | null;
    firstPaymentDate: string | null;
    amountOwed: Money | null;
    downPayment: Money | null;
    loanAmount: Money | null;
    paymentFrequency: string | null;
    terms: number | null;
    interestRate: string | null;
    payment: Money | null;
    creditTier: string | null;
  }[];
  /** Deleted ones included (flagged): the summary hides them. */
  comments: {
    id: number;
    type: 'DEALER' | 'JOURNAL';
    message: string;
    sender: string | null;
    timestampUtc: string;
    isDeleted: boolean;
    user: SummaryPersonName | null;
  }[];
  /** Newest first. */
  history: {
    id: number;
    dateTimeUtc: string;
    user: SummaryPersonName | null;
    action: string;
    description: string;
    changes: {
      entity: string;
      entityId: number | null;
      property: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
  }[];
};

/* ------------------------------------------------------------------------------------------- the document */

/**
 * The summary as a neutral document: what `buildSummaryDocument` makes of a `LoanSummaryApplication` and the
 * chosen sections, already formatted (dates MM/dd/yyyy, money $1,234.56, LTV 1–2 decimals, rate 1–3, add-ons per
 * $1,000). The closing summary page renders it with MUI, the server renders it with pdfmake: one layout, two media.
 */
export type SummaryField = { label: string; value: string };
export type SummaryTableRow = {
  cells: string[];
  /** An expandable detail under the row (history's entity-property rows). */
  detail?: SummaryTable;
  /** An unselected accessory: hidden when 'Hide unselected accesories' is ticked. */
  unselected?: boolean;
};
export type SummaryTable = {
  kind: 'table';
  title?: string;
  /** Cells may hold several lines ('\n'). `align` right for amounts. */
  columns: { header: string; align?: 'left' | 'right'; width?: 'auto' | '*' | number }[];
  rows: SummaryTableRow[];
  /** Shown instead of the rows when there are none. */
  empty?: string;
  /** The table offers 'Hide unselected accesories' (the vehicle valuation). */
  hideUnselectedToggle?: boolean;
  /** Rows below the body (totals); for a toggle table, one set per state: [all, selected only]. */
  footerRows?: string[][];
  footerRowsSelectedOnly?: string[][];
};
export type SummaryBlock =
  | { kind: 'fields'; title?: string; fields: SummaryField[] }
  | SummaryTable
  | { kind: 'empty'; text: string }
  | { kind: 'text'; title?: string; text: string };
export type SummaryDocumentSection = { key: LoanSummarySection; title: string; blocks: SummaryBlock[] };
export type SummaryDocument = {
  applicationId: number;
  /** 'Loan Summary' (PDF) or 'Closing Summary' (page). */
  title: string;
  /** The footer's left text: 'Application 1234 · Last, First' (the PDF adds 'Page X of Y'). */
  footer: string;
  /** '<Last><First>_<id>.pdf' (spec 3 §4): the primary applicant's last and first name, the id, '.pdf'. */
  fileName: string;
  sections: SummaryDocumentSection[];
};

/* ------------------------------------------------------------------------------------------- REST */

export const loanSummaryPrintSchema = z.object({
  sections: z
    .array(z.enum(loanSummarySections))
    .min(1, loanSummaryTexts.atLeastOneSection)
    .max(loanSummarySections.length)
    .refine((s) => new Set(s).size === s.length, 'Each section once'),
});
export type LoanSummaryPrint = z.infer<typeof loanSummaryPrintSchema>;

export const loanSummaryPdfSchema = z.object({ fileName: z.string(), contentBase64: z.string(), pages: z.number() });
export const loanSummaryAttachedSchema = z.object({ appFileId: z.number().int(), fileName: z.string() });

export const loanSummaryExportStatuses = ['queued', 'done', 'failed'] as const;
/** One automatic export of a funding (spec 3 §2 'Exporting Loan Summary'). */
export const loanSummaryExportSchema = z.object({
  id: z.number().int(),
  fundingSequence: z.number().int(),
  status: z.enum(loanSummaryExportStatuses),
  attempts: z.number().int(),
  appFileId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LoanSummaryExport = z.infer<typeof loanSummaryExportSchema>;

export const loanSummaryEndpoints = {
  preview: endpoint({
    method: 'POST',
    path: '/api/applications/:id/loanSummary/preview',
    access: 'signedIn',
    tag: 'loan-summary',
    summary: 'The loan summary of the chosen sections as a PDF (base64); the chosen sections are logged to the history',
    params: idParamsSchema,
    body: loanSummaryPrintSchema,
    response: loanSummaryPdfSchema,
  }),
  attach: endpoint({
    method: 'POST',
    path: '/api/applications/:id/loanSummary/files',
    access: 'signedIn',
    tag: 'loan-summary',
    summary: "Build the loan summary PDF of the chosen sections and attach it to the application's files",
    params: idParamsSchema,
    body: loanSummaryPrintSchema,
    response: loanSummaryAttachedSchema,
    status: 201,
  }),
  exports: endpoint({
    method: 'GET',
    path: '/api/applications/:id/loanSummary/exports',
    access: 'signedIn',
    tag: 'loan-summary',
    summary: 'The automatic exports of the loan summary on funding (Exporting Loan Summary), newest first',
    params: idParamsSchema,
    response: z.array(loanSummaryExportSchema),
  }),
};
