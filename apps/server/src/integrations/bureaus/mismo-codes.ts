/**
 * The MISMO 2.4 credit-response vocabulary both sides of the adapter speak: the sandbox writes it, the parser
 * reads it (and so would read a reseller's answer). Attribute-centric MISMO 2.x: every datum is an attribute,
 * names of a container's own data start with '_' (CREDIT_LIABILITY@_UnpaidBalanceAmount).
 */
import type { CreditBureau, CreditScoreModel, TradelinePortfolioType } from '@credence/contracts';

export const MISMO_VERSION = '2.4';

/**
 * Score models by their MISMO name. The 2.4 enumeration predates FICO 8+ and VantageScore 4.0, so resellers
 * send `_ModelNameType="Other"` with `_ModelNameTypeOtherDescription` naming bureau and model
 * ('EquifaxFICOScore8', 'TransUnionVantageScore4.0'); the parser also accepts the name in `_ModelNameType` itself.
 */
export const mismoScoreModelNames: Record<CreditScoreModel, string> = {
  'FICO 8': 'FICOScore8',
  'FICO 9': 'FICOScore9',
  'FICO 10T': 'FICOScore10T',
  'FICO Auto 8': 'FICOAutoScore8',
  'FICO Auto 9': 'FICOAutoScore9',
  'FICO Bankcard 8': 'FICOBankcardScore8',
  'VantageScore 3.0': 'VantageScore3.0',
  'VantageScore 4.0': 'VantageScore4.0',
};

/** The model a MISMO name stands for, with or without the bureau prefix; null for a model Credence does not use. */
export const scoreModelOfMismoName = (name: string): CreditScoreModel | null => {
  const bare = name.replace(/^(Equifax|Experian|TransUnion)/, '');
  const found = (Object.entries(mismoScoreModelNames) as [CreditScoreModel, string][]).find(([, n]) => n === bare);
  return found ? found[0] : null;
};

/** CREDIT_LIABILITY@_AccountType ↔ the spec's portfolio type. */
export const mismoAccountTypes: Record<TradelinePortfolioType, string> = {
  INSTALLMENT: 'Installment',
  LINE_OF_CREDIT: 'CreditLine',
  MORTGAGE: 'Mortgage',
  OPEN: 'Open',
  OTHER: 'Other',
  REVOLVING: 'Revolving',
  UNKNOWN: 'Unknown',
};

/** CREDIT_LIABILITY/_CURRENT_RATING@_Type values and their Metro 2 manner-of-payment codes. */
export const mismoCurrentRatings = {
  AsAgreed: '1',
  Late30Days: '2',
  Late60Days: '3',
  Late90Days: '4',
  LateOver120Days: '5',
  BankruptcyOrWageEarnerPlan: '7',
  Repossession: '8',
  ChargeOff: '9',
  Collection: '9',
  CollectionOrChargeOff: '9',
  Foreclosure: '8',
  ForeclosureOrRepossession: '8',
  TooNew: '0',
  NoDataAvailable: 'U',
} as const;
export type MismoCurrentRating = keyof typeof mismoCurrentRatings;

/** CREDIT_PUBLIC_RECORD@_Type values. */
export const mismoPublicRecordTypes = {
  BANKRUPTCY_CHAPTER_7: 'BankruptcyChapter7',
  BANKRUPTCY_CHAPTER_11: 'BankruptcyChapter11',
  BANKRUPTCY_CHAPTER_12: 'BankruptcyChapter12',
  BANKRUPTCY_CHAPTER_13: 'BankruptcyChapter13',
  TAX_LIEN: 'TaxLienFederal',
  JUDGMENT: 'Judgment',
  OTHER: 'Other',
} as const;

/** CREDIT_PUBLIC_RECORD@_DispositionType values. */
export const mismoDispositionTypes = {
  FILED: 'Filed',
  DISCHARGED: 'Discharged',
  DISMISSED: 'Dismissed',
  SATISFIED: 'Satisfied',
  RELEASED: 'Released',
  UNSATISFIED: 'Unsatisfied',
  UNKNOWN: 'Unknown',
} as const;

/** CREDIT_FILE@_ResultStatusType: a file, no file (no hit), or no file because of a security freeze. */
export const mismoFileResults = {
  returned: 'FileReturned',
  noHit: 'NoFileReturned',
  frozen: 'NoFileReturnedCreditFreeze',
} as const;

/**
 * CREDIT_SCORE@_ExclusionReasonType: why a model did not score the file, and the text the worksheet shows.
 */
export const mismoScoreExclusions: Record<string, string> = {
  NotScoredInsufficientCredit: 'Insufficient credit history to score',
  NotScoredNoQualifyingAccount: 'No account qualifies for scoring',
  NotScoredNoRecentAccountInformation: 'No recent account information',
  NotScoredSubjectDeceased: 'Subject reported deceased',
  NotScoredFileCannotBeScored: 'File cannot be scored',
};

/** Bureau-specific product names of the sandbox's OFAC and fraud screens (as resellers label them). */
export const bureauScreenNames: Record<CreditBureau, { ofac: string; fraud: string }> = {
  Equifax: { ofac: 'EquifaxOFACAlert', fraud: 'EquifaxSAFESCAN' },
  Experian: { ofac: 'ExperianOFACNameScreen', fraud: 'ExperianFraudShield' },
  TransUnion: { ofac: 'TransUnionOFACNameScreen', fraud: 'TransUnionHighRiskFraudAlert' },
};
