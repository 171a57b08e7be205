/**
 * MISMO 2.4 credit-response XML → the bureau-neutral `CreditReport` (issue 11, item 1). This is the adapter path
 * of every MISMO source: the sandboxes and a credit reseller alike. It reads one bureau's part of the answer (a
 * merged answer from a reseller carries several: items are kept when their repository is the bureau asked).
 *
 * Read: RESPONSE/STATUS; CREDIT_RESPONSE@CreditReportIdentifier, @CreditReportType (Error); CREDIT_ERROR_MESSAGE;
 * CREDIT_FROZEN_STATUS; BORROWER; CREDIT_FILE@_ResultStatusType/_InfileDate with its _ALERT_MESSAGE,
 * CREDIT_ERROR_MESSAGE and _BORROWER; CREDIT_LIABILITY (amounts, dates, terms, _CREDITOR, _CURRENT_RATING,
 * _LATE_COUNT, _PAYMENT_PATTERN, CREDIT_COMMENT, CREDIT_REPOSITORY); CREDIT_PUBLIC_RECORD; CREDIT_INQUIRY;
 * CREDIT_SCORE with _FACTOR. Not read (kept in the raw answer): CREDIT_SUMMARY (the summary is recomputed from
 * the items), CREDIT_CONSUMER_REFERRAL, CREDIT_TRADE_REFERENCE, EMBEDDED_FILE, residences and aliases.
 *
 * Values stay strings until they are normalised: amounts become two-decimal money strings, dates YYYY-MM-DD;
 * a value that cannot be read becomes null (or the field's neutral value), never a throw — only an answer that
 * is not MISMO at all, or an error answer, throws a `BureauError`.
 */
import {
  type CreditAlert,
  type CreditAlertKind,
  type CreditBureau,
  type CreditInquiry,
  type CreditPublicRecord,
  type CreditReport,
  type CreditScore,
  type CreditTradeline,
  type PublicRecordDisposition,
  type PublicRecordType,
  type TradelineEcoa,
  type TradelinePortfolioType,
  type TradelineStatus,
  creditScoreRanges,
  tradelineEcoaDesignators,
} from '@credence/contracts';
import { formatMoney, money } from '@credence/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BureauError } from './bureau.ts';
import { monthsBetween, normalizeDate } from './calendar.ts';
import {
  mismoAccountTypes,
  mismoDispositionTypes,
  mismoFileResults,
  mismoPublicRecordTypes,
  mismoScoreExclusions,
  scoreModelOfMismoName,
} from './mismo-codes.ts';
import { summarizeCreditReport } from './report-summary.ts';

/** Elements that may repeat: always read as lists, even when one is sent. */
const repeated = new Set([
  'BORROWER',
  'CREDIT_LIABILITY',
  'CREDIT_PUBLIC_RECORD',
  'CREDIT_INQUIRY',
  'CREDIT_FILE',
  'CREDIT_SCORE',
  'CREDIT_ERROR_MESSAGE',
  'CREDIT_COMMENT',
  'CREDIT_REPOSITORY',
  'CREDIT_SUMMARY',
  '_DATA_SET',
  '_ALERT_MESSAGE',
  'ALERT_MESSAGE',
  '_FACTOR',
  '_Text',
  '_RESIDENCE',
  '_ALIAS',
  'RESPONSE',
  'STATUS',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && repeated.has(name),
});

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (node: Node | undefined, name: string): Node[] => {
  const v = node?.[name];
  if (Array.isArray(v)) return v.filter(isNode);
  return isNode(v) ? [v] : [];
};
const child = (node: Node | undefined, name: string): Node | undefined => list(node, name)[0];
const attr = (node: Node | undefined, name: string): string | undefined => {
  const v = node?.[`@${name}`];
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
};
/** The texts of repeated `_Text` children (plain or with attributes). */
const texts = (node: Node | undefined): string[] =>
  ((node?.['_Text'] as unknown[] | undefined) ?? [])
    .map((t) => (typeof t === 'string' ? t : isNode(t) && typeof t['#text'] === 'string' ? t['#text'] : ''))
    .map((t) => t.trim())
    .filter((t) => t !== '');

const AMOUNT = /^-?\d{1,12}(\.\d+)?$/;
/** A MISMO amount as two-decimal money; null when absent or unreadable. */
const amount = (value: string | undefined): string | null =>
  value !== undefined && AMOUNT.test(value.replace(/,/g, '')) ? formatMoney(value.replace(/,/g, '')) : null;
const nonNegative = (value: string | null): string | null =>
  value !== null && money(value).isNegative() ? null : value;
const count = (value: string | undefined): number => {
  const n = value !== undefined && /^\d{1,6}$/.test(value) ? Number.parseInt(value, 10) : 0;
  return Number.isFinite(n) ? n : 0;
};
const yes = (value: string | undefined): boolean => value !== undefined && /^(y|yes|true|1)$/i.test(value);

const portfolioOf = (accountType: string | undefined): TradelinePortfolioType => {
  if (accountType === undefined) return 'UNKNOWN';
  const found = (Object.entries(mismoAccountTypes) as [TradelinePortfolioType, string][]).find(
    ([, m]) => m.toLowerCase() === accountType.toLowerCase(),
  );
  if (found) return found[0];
  if (/line ?of ?credit/i.test(accountType)) return 'LINE_OF_CREDIT';
  return 'OTHER';
};

/** Bureau remarks that name the status outright, strongest first. */
const remarkStatuses: readonly (readonly [RegExp, TradelineStatus])[] = [
  [/BANKRUPTCY|WAGE EARNER PLAN/, 'INCLUDED_IN_BANKRUPTCY'],
  [/DECEASED/, 'DECEASED'],
  [/LOST (OR|\/) STOLEN|LOST\/STOLEN/, 'LOST_STOLEN_CREDIT_CARD'],
  [/VOLUNTAR(Y|ILY) SURRENDER/, 'VOLUNTARY_SURRENDER'],
  [/COUNSELING/, 'CONSUMER_CONSULING'],
  [/SETTLED|LESS THAN FULL BALANCE/, 'SETTLED'],
  [/REFINANCED/, 'REFINANCED'],
  [/TRANSFERRED|SOLD TO ANOTHER LENDER/, 'TRANSFERRED'],
];

const statusOf = (node: Node, remarks: string, pastDue: boolean): TradelineStatus => {
  for (const [pattern, status] of remarkStatuses) if (pattern.test(remarks)) return status;
  const rating = attr(child(node, '_CURRENT_RATING'), '_Type') ?? '';
  const accountStatus = (attr(node, '_AccountStatusType') ?? '').toLowerCase();
  const collection =
    /COLLECTION/.test(remarks) ||
    /collection/i.test(`${attr(node, 'CreditBusinessType')} ${attr(node, 'CreditLoanType')}`);
  switch (rating) {
    case 'Foreclosure':
    case 'ForeclosureOrRepossession':
      return /REPOSSESS/.test(remarks) ? 'REPOSSESSED' : 'FORECLOSURE';
    case 'Repossession':
      return 'REPOSSESSED';
    case 'ChargeOff':
      return 'CHARGE_OFF';
    case 'Collection':
      return 'COLLECTION';
    case 'CollectionOrChargeOff':
      return collection ? 'COLLECTION' : 'CHARGE_OFF';
    case 'BankruptcyOrWageEarnerPlan':
      return 'INCLUDED_IN_BANKRUPTCY';
    case 'Late30Days':
    case 'Late60Days':
    case 'Late90Days':
    case 'LateOver120Days':
      return 'PAST_DUE';
    default:
      break;
  }
  if (/DISPUTE/.test(remarks) || yes(attr(node, '_ConsumerDisputeIndicator'))) return 'DISPUTED';
  if (accountStatus === 'paid') return 'PAID';
  if (accountStatus === 'closed') return 'INACTIVE';
  if (accountStatus === 'refinanced') return 'REFINANCED';
  if (accountStatus === 'transferred') return 'TRANSFERRED';
  if (pastDue) return 'PAST_DUE';
  if (rating === 'TooNew') return 'NEW';
  if (rating === 'AsAgreed') return 'CURRENT';
  return 'UNKNOWN';
};

const ecoaOf = (ownership: string | undefined): TradelineEcoa =>
  (tradelineEcoaDesignators as readonly string[]).includes(ownership ?? '')
    ? (ownership as TradelineEcoa)
    : ownership === undefined
      ? 'Undesignated'
      : /joint/i.test(ownership)
        ? 'JointContractualLiability'
        : /authori[sz]ed/i.test(ownership)
          ? 'AuthorizedUser'
          : 'Undesignated';

/** Does an item belong to the bureau asked? Items name their repository on themselves or in CREDIT_REPOSITORY. */
const ofBureau = (node: Node, bureau: CreditBureau, bureauFileIds: Set<string>): boolean => {
  const source = attr(node, 'CreditRepositorySourceType');
  if (source !== undefined) return source === bureau;
  const repositories = list(node, 'CREDIT_REPOSITORY')
    .map((r) => attr(r, '_SourceType'))
    .filter((s): s is string => s !== undefined);
  if (repositories.length > 0) return repositories.includes(bureau);
  const fileIds = (attr(node, 'CreditFileID') ?? '').split(/\s+/).filter(Boolean);
  if (fileIds.length > 0 && bureauFileIds.size > 0) return fileIds.some((id) => bureauFileIds.has(id));
  return true;
};

const ofBorrower = (node: Node, borrowerId: string | undefined): boolean => {
  const ids = (attr(node, 'BorrowerID') ?? '').split(/\s+/).filter(Boolean);
  return borrowerId === undefined || ids.length === 0 || ids.includes(borrowerId);
};

const parseTradeline = (node: Node, index: number, fallbackDate: string): CreditTradeline => {
  const remarks = list(node, 'CREDIT_COMMENT')
    .flatMap((c) => texts(c))
    .join(' | ')
    .toUpperCase();
  const pastDueAmount = nonNegative(amount(attr(node, '_PastDueAmount'))) ?? '0.00';
  const status = statusOf(node, remarks, money(pastDueAmount).gt(0));
  const portfolioType = portfolioOf(attr(node, '_AccountType'));
  const rating = attr(child(node, '_CURRENT_RATING'), '_Type') ?? '';
  const late = child(node, '_LATE_COUNT');
  const reportedDate = normalizeDate(attr(node, '_AccountReportedDate')) ?? fallbackDate;
  const openedDate = normalizeDate(attr(node, '_AccountOpenedDate')) ?? reportedDate;
  const termCount = count(attr(node, '_TermsMonthsCount'));
  const termMonths =
    termCount > 0
      ? termCount
      : Number.parseInt(/^(\d{1,3})M$/.exec(attr(node, '_TermsDescription') ?? '')?.[1] ?? '0', 10) || null;
  const isOpen = (attr(node, '_AccountStatusType') ?? '').toLowerCase() === 'open';
  const installment = portfolioType === 'INSTALLMENT' || portfolioType === 'MORTGAGE';
  const remainingTermMonths =
    termMonths !== null && installment && isOpen
      ? Math.max(0, termMonths - monthsBetween(openedDate, reportedDate))
      : null;
  return {
    id: attr(node, 'CreditLiabilityID') ?? `TRADE${String(index + 1).padStart(3, '0')}`,
    creditor: attr(child(node, '_CREDITOR'), '_Name') ?? 'UNKNOWN CREDITOR',
    accountNumber: attr(node, '_AccountIdentifier') ?? '',
    portfolioType,
    tradelineStatus: status,
    loanType: attr(node, 'CreditLoanType') ?? null,
    ecoa: ecoaOf(attr(node, '_AccountOwnershipType')),
    isOpen,
    isDeliquent: money(pastDueAmount).gt(0) || /^Late/.test(rating),
    isDerogatory: yes(attr(node, '_DerogatoryDataIndicator')),
    balance: amount(attr(node, '_UnpaidBalanceAmount')) ?? '0.00',
    creditLimit: nonNegative(amount(attr(node, '_CreditLimitAmount'))),
    highCredit: nonNegative(amount(attr(node, '_HighCreditAmount') ?? attr(node, '_HighBalanceAmount'))),
    monthlyPayment: nonNegative(amount(attr(node, '_MonthlyPaymentAmount'))),
    pastDueAmount,
    rate: null,
    openedDate,
    reportedDate,
    lastActivityDate: normalizeDate(attr(node, '_LastActivityDate')),
    closedDate: normalizeDate(attr(node, '_AccountClosedDate') ?? attr(node, '_AccountPaidDate')),
    termMonths,
    remainingTermMonths,
    monthsReviewed: count(attr(node, '_MonthsReviewedCount')),
    late30Count: count(attr(late, '_30Days')),
    late60Count: count(attr(late, '_60Days')),
    late90Count: count(attr(late, '_90Days')),
    paymentPattern: attr(child(node, '_PAYMENT_PATTERN'), '_Data') ?? null,
    excluded: false,
    paidOff: false,
  };
};

const byValue = <T extends string>(table: Record<T, string>, value: string | undefined, fallback: T): T =>
  (Object.entries(table) as [T, string][]).find(([, v]) => v.toLowerCase() === (value ?? '').toLowerCase())?.[0] ??
  fallback;

const parsePublicRecord = (node: Node, index: number, fallbackDate: string): CreditPublicRecord => {
  const rawType = attr(node, '_Type') ?? '';
  const type: PublicRecordType = byValue(
    mismoPublicRecordTypes,
    rawType,
    /^Bankruptcy/i.test(rawType)
      ? 'BANKRUPTCY_CHAPTER_7'
      : /lien/i.test(rawType)
        ? 'TAX_LIEN'
        : /judg/i.test(rawType)
          ? 'JUDGMENT'
          : 'OTHER',
  );
  const disposition: PublicRecordDisposition = byValue(
    mismoDispositionTypes,
    attr(node, '_DispositionType'),
    'UNKNOWN',
  );
  return {
    id: attr(node, 'CreditPublicRecordID') ?? `PR${String(index + 1).padStart(3, '0')}`,
    type,
    disposition,
    filedDate: normalizeDate(attr(node, '_FiledDate')) ?? normalizeDate(attr(node, '_ReportedDate')) ?? fallbackDate,
    dispositionDate: normalizeDate(attr(node, '_DispositionDate')),
    amount: nonNegative(amount(attr(node, '_LegalObligationAmount') ?? attr(node, '_BankruptcyLiabilitiesAmount'))),
    courtName: attr(node, '_CourtName') ?? null,
    docketNumber: attr(node, '_DocketIdentifier') ?? null,
    plaintiff: attr(node, '_PlaintiffName') ?? null,
  };
};

const parseInquiry = (node: Node, index: number, fallbackDate: string): CreditInquiry => ({
  id: attr(node, 'CreditInquiryID') ?? `INQ${String(index + 1).padStart(3, '0')}`,
  name: attr(node, '_Name') ?? 'UNKNOWN',
  date: normalizeDate(attr(node, '_Date')) ?? fallbackDate,
  businessType: attr(node, 'CreditBusinessType') ?? null,
});

const deCamel = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

const parseScore = (node: Node): CreditScore | null => {
  const name =
    attr(node, '_ModelNameType') === 'Other'
      ? attr(node, '_ModelNameTypeOtherDescription')
      : attr(node, '_ModelNameType');
  const model = name === undefined ? null : scoreModelOfMismoName(name);
  if (model === null) return null;
  const raw = attr(node, '_Value');
  const value = raw !== undefined && /^\d{3}$/.test(raw) ? Number.parseInt(raw, 10) : null;
  const { min, max } = creditScoreRanges[model];
  const inRange = value !== null && value >= min && value <= max;
  const exclusion = attr(node, '_ExclusionReasonType');
  return {
    model,
    score: inRange ? value : null,
    exclusionReason: inRange
      ? null
      : exclusion !== undefined
        ? (mismoScoreExclusions[exclusion] ?? deCamel(exclusion))
        : 'No score returned',
    factors: list(node, '_FACTOR')
      .map((f) => ({ code: attr(f, '_Code') ?? '', text: attr(f, '_Text') ?? texts(f).join(' ') }))
      .filter((f) => f.code !== '' || f.text !== ''),
  };
};

/** What an alert message is about, from its category, its type and, failing both, its text. */
const alertKindOf = (node: Node, text: string): CreditAlertKind => {
  const category = attr(node, '_CategoryType') ?? '';
  const described = `${attr(node, '_CategoryTypeOtherDescription') ?? ''} ${attr(node, '_TypeOtherDescription') ?? ''} ${attr(node, '_Type') ?? ''}`;
  if (/^FACTAFraudVictim/.test(category)) return 'fraud';
  if (category === 'FACTAActiveDuty') return 'activeDuty';
  if (category === 'FACTAAddressDiscrepancy') return 'addressDiscrepancy';
  if (/OFAC/i.test(described) || /\bOFAC\b/.test(text)) return 'ofac';
  if (/MilitaryLending|\bMLA\b/i.test(described) || /MILITARY LENDING ACT|\bMLA\b/.test(text)) return 'mla';
  if (/freeze|frozen|suppressed/i.test(`${category} ${described}`) || /SECURITY FREEZE|FROZEN/.test(text))
    return 'freeze';
  if (/deceased|death/i.test(`${category} ${described}`) || /DECEASED/.test(text)) return 'deceased';
  if (/fraud/i.test(described) || /FRAUD/.test(text)) return 'fraud';
  if (/active ?duty/i.test(described) || /ACTIVE DUTY/.test(text)) return 'activeDuty';
  return 'other';
};

const parseAlert = (node: Node): CreditAlert | null => {
  const text = texts(node).join(' ');
  if (text === '' || /^(AVAILABLE AND CLEAR|CLEAR|NO MATCH( FOUND)?)$/i.test(text)) return null;
  return { kind: alertKindOf(node, text.toUpperCase()), code: attr(node, '_Code') ?? null, text };
};

export type MismoParseContext = { bureau: CreditBureau; pulledAt: Date };

/** Parse one bureau's MISMO 2.4 credit response. Throws `BureauError` only for non-MISMO or error answers. */
export const parseMismoCreditResponse = (xml: string, { bureau, pulledAt }: MismoParseContext): CreditReport => {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new BureauError('badResponse', `The bureau's answer is not well-formed XML: ${valid.err.msg}`, bureau);
  const doc = parser.parse(xml) as Node;
  const group = child(doc, 'RESPONSE_GROUP');
  const response = child(group, 'RESPONSE');
  const credit = child(child(response, 'RESPONSE_DATA'), 'CREDIT_RESPONSE');
  const errorTexts = list(credit, 'CREDIT_ERROR_MESSAGE').flatMap((e) => texts(e));
  const status = child(response, 'STATUS');
  if (credit === undefined || attr(credit, 'CreditReportType') === 'Error' || attr(status, '_Condition') === 'Error') {
    const reason = [...errorTexts, attr(status, '_Description')].filter(Boolean).join(' ');
    throw new BureauError(
      'badResponse',
      credit === undefined && reason === ''
        ? 'The answer holds no MISMO CREDIT_RESPONSE.'
        : `The bureau refused the request: ${reason}`,
      bureau,
    );
  }
  const today = pulledAt.toISOString().slice(0, 10);
  const borrower = list(credit, 'BORROWER')[0];
  const borrowerId = attr(borrower, 'BorrowerID');
  const files = list(credit, 'CREDIT_FILE').filter(
    (f) => (attr(f, 'CreditRepositorySourceType') ?? bureau) === bureau && ofBorrower(f, borrowerId),
  );
  const file = files[0];
  const fileIds = new Set(files.map((f) => attr(f, 'CreditFileID')).filter((id): id is string => id !== undefined));
  const result = attr(file, '_ResultStatusType') ?? mismoFileResults.returned;
  const frozenIndicator = attr(child(credit, 'CREDIT_FROZEN_STATUS'), `_${bureau}Indicator`);
  const frozen = /freeze|frozen/i.test(result) || yes(frozenIndicator);
  const noRecordFound = result !== mismoFileResults.returned || frozen;
  const fileErrors = list(file, 'CREDIT_ERROR_MESSAGE').flatMap((e) => texts(e));
  const noReportReason = noRecordFound
    ? [...fileErrors, ...errorTexts].join(' ') ||
      (frozen ? `The file is frozen at ${bureau}.` : `No record found at ${bureau}.`)
    : null;

  const alerts = [
    ...list(credit, 'ALERT_MESSAGE'),
    ...list(credit, '_ALERT_MESSAGE'),
    ...files.flatMap((f) => list(f, '_ALERT_MESSAGE')),
  ]
    .map(parseAlert)
    .filter((a): a is CreditAlert => a !== null);
  if (frozen && !alerts.some((a) => a.kind === 'freeze'))
    alerts.push({ kind: 'freeze', code: null, text: noReportReason ?? `The file is frozen at ${bureau}.` });

  const mine = (node: Node) => ofBureau(node, bureau, fileIds) && ofBorrower(node, borrowerId);
  const tradelines = noRecordFound
    ? []
    : list(credit, 'CREDIT_LIABILITY')
        .filter(mine)
        .map((n, i) => parseTradeline(n, i, today));
  const publicRecords = noRecordFound
    ? []
    : list(credit, 'CREDIT_PUBLIC_RECORD')
        .filter(mine)
        .map((n, i) => parsePublicRecord(n, i, today));
  const inquiries = noRecordFound
    ? []
    : list(credit, 'CREDIT_INQUIRY')
        .filter(mine)
        .map((n, i) => parseInquiry(n, i, today));
  const scores = list(credit, 'CREDIT_SCORE')
    .filter(mine)
    .map(parseScore)
    .filter((s): s is CreditScore => s !== null);

  const onFile = child(file, '_BORROWER') ?? borrower;
  const ssn = (attr(onFile, '_SSN') ?? attr(borrower, '_SSN') ?? '').replace(/\D/g, '');
  const report: CreditReport = {
    creditBureau: bureau,
    creditReportId: attr(credit, 'CreditReportIdentifier') ?? attr(credit, 'CreditResponseID') ?? 'UNKNOWN',
    pulledAt: pulledAt.toISOString(),
    infileDate: normalizeDate(attr(file, '_InfileDate')),
    subject: {
      firstName: attr(onFile, '_FirstName') ?? attr(borrower, '_FirstName') ?? '',
      lastName: attr(onFile, '_LastName') ?? attr(borrower, '_LastName') ?? '',
      ssnLast4: /^\d{4,}$/.test(ssn) ? ssn.slice(-4) : '0000',
      dateOfBirth: normalizeDate(attr(onFile, '_BirthDate') ?? attr(borrower, '_BirthDate')),
    },
    noRecordFound,
    noReportReason,
    frozen,
    ofac: alerts.some((a) => a.kind === 'ofac'),
    mla: alerts.some((a) => a.kind === 'mla'),
    alerts,
    scores,
    publicRecords,
    inquiries,
    tradelines,
    summary: summarizeCreditReport(tradelines, publicRecords, inquiries),
  };
  return report;
};
