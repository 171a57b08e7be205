import {
  phoneTypes,
  type DecisionReceipt,
  type LoanSummaryApplication,
  type SummaryDecision,
  type SummaryLoan,
} from '@credence/contracts';
import { maskDocumentNumber, maskEin, maskSsn, rateOnWire } from '@credence/domain';
import Decimal from 'decimal.js';
import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { Kind } from './graphql-runtime.ts';
import * as repo from './loan-summary.graphql.repository.ts';

/*
 * The loaders of the loan summary. A query names the fields it wants; `selectedPaths` reads them from the query
 * (fragments included) and `loadApplications` reads only those, one statement per kind of row for every parent at
 * once (applicants' addresses for all applicants, accessories for all collaterals, tradelines for all reports…),
 * in the order their parents need them, in one tenant transaction. The number of statements depends on the
 * query's shape only, never on how many applicants, collaterals, comments or tradelines there are.
 *
 * Mercurius' own `loaders` batch per field too, but they only run through `reply.graphql()` (an HTTP request):
 * the PDF export job calls the same query in-process (`readLoanSummary`), and the graph must be read in one
 * tenant transaction, which a per-field loader cannot share. The batching here does both.
 */

/** The dotted paths of the fields a query selects under `application` ('applicants', 'applicants.emails', …). */
export const selectedPaths = (info: GraphQLResolveInfo): ReadonlySet<string> => {
  const paths = new Set<string>();
  const walk = (set: SelectionSetNode | undefined, prefix: string, seen: ReadonlySet<string>) => {
    for (const node of set?.selections ?? []) {
      if (node.kind === Kind.FIELD) {
        const path = prefix ? `${prefix}.${node.name.value}` : node.name.value;
        paths.add(path);
        walk(node.selectionSet, path, seen);
      } else if (node.kind === Kind.INLINE_FRAGMENT) {
        walk(node.selectionSet, prefix, seen);
      } else {
        const name = node.name.value;
        if (seen.has(name)) continue;
        walk(info.fragments[name]?.selectionSet, prefix, new Set([...seen, name]));
      }
    }
  };
  for (const field of info.fieldNodes) walk(field.selectionSet, '', new Set());
  return paths;
};

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
/** Hundredths of a percent (as stored) → a percent as a decimal string ('2.25', '80'). */
const percent = (hundredths: number | null) =>
  hundredths === null ? null : new Decimal(hundredths).div(100).toString();
const address = (a: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}) =>
  a.addressLine1 || a.addressLine2 || a.city || a.state || a.zip
    ? { addressLine1: a.addressLine1, addressLine2: a.addressLine2, city: a.city, state: a.state, zip: a.zip }
    : null;
/**
 * A user as first and last name, as the comments' REST read splits it: the first name is the user's short name,
 * the last name what follows it in the full name ('Dana', 'Dana Q. Officer' → 'Dana', 'Q. Officer').
 */
export const personName = (name: string | null | undefined, fullName: string | null | undefined) => {
  if (!name && !fullName) return null;
  const first = name ?? '';
  const full = fullName ?? first;
  return {
    firstName: first || null,
    lastName: full.startsWith(`${first} `) ? full.slice(first.length + 1) : full,
  };
};

type Terms = NonNullable<DecisionReceipt['approval']>;
const termsOf = (a: Terms) => ({
  amount: a.amount,
  paymentFrequency: a.paymentFrequency,
  term: a.term,
  interestRate: a.interestRate,
  monthlyPayment: a.monthlyPayment,
});

/** The decision in force as the summary reads it: the newest receipt row, unless it is a retraction. */
const decisionOf = (row: Awaited<ReturnType<typeof repo.listLatestDecisions>>[number]): SummaryDecision | null => {
  if (row.decision.entryKind !== 'decision') return null;
  const receipt = row.decision.receipt as unknown as DecisionReceipt;
  const type = receipt.decisionType;
  const tier = receipt.policy?.tier ? { name: receipt.policy.tier } : null;
  const approved = (type === 'approve' || type === 'counteroffer') && receipt.approval;
  const byName = row.createdBy
    ? personName(row.createdByName, row.createdBy)
    : personName(receipt.decidedBy.name.split(' ')[0], receipt.decidedBy.name);
  return {
    id: row.decision.id,
    decisionType: type,
    createdUtcTime: row.decision.createdAt.toISOString(),
    ltv: receipt.application.derived.ltv ?? null,
    createdByUser: {
      firstName: byName?.firstName ?? null,
      lastName: byName?.lastName ?? null,
      serviceName: receipt.source === 'auto' ? 'Decision Engine' : null,
    },
    approval: approved
      ? {
          ...termsOf(receipt.approval!),
          creditTier: tier,
          contractDate: receipt.approval!.contractDate,
          firstPaymentDate: receipt.approval!.firstPaymentDate,
        }
      : null,
    pending: type === 'pending' && receipt.approval ? { ...termsOf(receipt.approval), creditTier: tier } : null,
    disclosures: receipt.disclosures,
    cancel: type === 'cancel' ? { cancelReason: receipt.reasons[0]?.text ?? null } : null,
    decline:
      type === 'decline'
        ? {
            declineReasons: receipt.decisionApplicants.flatMap((a) =>
              a.declineReasons.map((r) => ({
                reason: r.text,
                // A reason typed on the worksheet (no code of the lender) is its own free-format name.
                freeFormatName: r.code === null ? r.text : null,
                applicantId: a.applicantId,
              })),
            ),
          }
        : null,
    conditions: (receipt.approval?.approvalConditions ?? []).map((c) => ({ code: c.code, description: c.text })),
    policyException: receipt.policyException
      ? { ...receipt.policyException, decidedBy: receipt.policyException.decidedBy.name }
      : null,
    decisionAdditions: receipt.additions.map((x) => ({
      name: x.name,
      flatAmount: x.flatAmount,
      ratePer1000: x.ratePer1000 ?? null,
      amount: x.amount,
      selected: x.selected,
    })),
  };
};

type FundedAdditionJson = { name: string; feeType: string; amount: string; selected: boolean; ratePer1000?: string };
type DisbursementJson = {
  payeeType: string;
  payeeName: string | null;
  amount: string;
  disbursalMethodName: string | null;
};

/** What a loader answers: the application graph, with the fields the query did not ask for left out. */
export type LoadedApplication = Partial<LoanSummaryApplication> & { id: number };

/**
 * Reads the applications `ids` (those of the transaction's lender only) with every part `paths` names, one
 * statement per kind of row for all of them. Answers them by id; an id of another lender is absent.
 */
export const loadApplications = async (
  tx: TenantTx,
  _auth: AuthContext, // no right changes what is loaded: the masking rule is the same for every caller
  ids: readonly number[],
  paths: ReadonlySet<string>,
): Promise<Map<number, LoadedApplication>> => {
  const rows = await repo.findApplications(tx, [...ids]);
  const result = new Map<number, LoadedApplication>();
  if (rows.length === 0) return result;
  const appIds = rows.map((r) => r.application.id);
  const has = (path: string) => paths.has(path);

  // One statement per part, one at a time on the transaction's connection.
  const insurance = has('insurance') ? groupBy(await repo.listInsurance(tx, appIds), (r) => r.applicationId) : null;
  const tradeIns = has('tradeIns') ? groupBy(await repo.listTradeIns(tx, appIds), (r) => r.applicationId) : null;
  const purchases = has('dealerPurchase')
    ? groupBy(await repo.listDealerPurchases(tx, appIds), (r) => r.applicationId)
    : null;
  const sellers = has('sellers') ? groupBy(await repo.listSellers(tx, appIds), (r) => r.applicationId) : null;
  const liens = has('lien') ? groupBy(await repo.listLiens(tx, appIds), (r) => r.applicationId) : null;
  const refinances = has('internalRefinance')
    ? groupBy(await repo.listInternalRefinances(tx, appIds), (r) => r.applicationId)
    : null;

  const collateralRows = has('collaterals') ? await repo.listCollaterals(tx, appIds) : [];
  const collateralIds = collateralRows.map((c) => c.id);
  const accessories =
    has('collaterals.accessories') && collateralIds.length > 0
      ? groupBy(await repo.listAccessories(tx, collateralIds), (r) => r.collateralId)
      : new Map<number, never[]>();
  const grantors =
    has('collaterals.grantors') && collateralIds.length > 0
      ? groupBy(await repo.listGrantors(tx, collateralIds), (r) => r.collateralId)
      : new Map<number, never[]>();
  const collaterals = groupBy(collateralRows, (c) => c.applicationId);

  const applicantRows = has('applicants') ? await repo.listApplicants(tx, appIds) : [];
  const applicantIds = applicantRows.map((a) => a.id);
  const children = async <K extends repo.ApplicantChildKind>(kind: K) =>
    has(`applicants.${kind}`) && applicantIds.length > 0
      ? groupBy(await repo.listApplicantChildren(tx, kind, applicantIds), (r) => r.applicantId)
      : new Map<number, repo.ApplicantChildRow<K>[]>();
  const addresses = await children('addresses');
  const phoneNumbers = await children('phoneNumbers');
  const emails = await children('emails');
  const govtIssuedIds = await children('govtIssuedIds');
  const employments = await children('employments');
  const finances = await children('finances');
  const assets = await children('assets');
  const reports =
    has('applicants.activeCreditReport') && applicantIds.length > 0
      ? await repo.listActiveReports(tx, applicantIds)
      : [];
  const tradelines =
    has('applicants.activeCreditReport.tradelines') && reports.length > 0
      ? groupBy(
          await repo.listTradelines(
            tx,
            reports.map((r) => r.id),
          ),
          (t) => t.creditReportId,
        )
      : new Map<number, never[]>();
  const reportOf = new Map(reports.map((r) => [r.applicantId, r]));
  const applicants = groupBy(applicantRows, (a) => a.applicationId);

  const decisions =
    has('decision') || has('metrics')
      ? new Map((await repo.listLatestDecisions(tx, appIds)).map((d) => [d.decision.applicationId, d]))
      : null;
  const requirements = has('fundingRequirements')
    ? groupBy(await repo.listFundingRequirements(tx, appIds), (r) => r.applicationId)
    : null;
  const loans =
    has('loan') || has('dealer.reserve')
      ? new Map((await repo.listLoans(tx, appIds)).map((l) => [l.loan.applicationId, l]))
      : null;
  const comments = has('comments')
    ? groupBy(await repo.listComments(tx, appIds), (c) => c.comment.applicationId)
    : null;
  const history = has('history') ? groupBy(await repo.listHistory(tx, appIds), (h) => h.applicationId) : null;

  for (const { application: a, product, dealer, lender } of rows) {
    const loanRow = loans?.get(a.id);
    const decisionRow = decisions?.get(a.id);
    const standing = decisionRow ? decisionOf(decisionRow) : null;
    const receipt = standing ? (decisionRow!.decision.receipt as unknown as DecisionReceipt) : null;
    const loaded: LoadedApplication = {
      id: a.id,
      source: a.source,
      transactionType: a.transactionType,
      direct: a.direct,
      createdUtcTime: a.createdAt.toISOString(),
      estAmtFinanced: a.estAmtFinanced,
      requestedAmount: a.requestedAmount,
      otherFees: a.otherFees,
      cashDown: a.cashDown,
      rebate: a.rebate,
      netTradeIn: a.netTradeIn,
      ttlEstimate: a.ttlEstimate,
      negotiatedPrice: a.negotiatedPrice,
      termMonths: a.termMonths,
      paymentFrequency: a.paymentFrequency,
      residualAmount: a.residualAmount,
      otherBackEndFees: a.otherBackEndFees,
      gap: a.gap,
      creditDisability: a.creditDisability,
      creditLife: a.creditLife,
      warranty: a.warranty,
      totalFrontEndAmount: a.totalFrontEndAmount,
      totalBackEndFees: a.totalBackEndFees,
      totalLoanAmount: a.totalLoanAmount,
      averageCreditScore: a.averageCreditScore,
      loanProductId: a.loanProductId,
      purpose: a.purpose,
      state: { name: a.state },
      lenderSettings: {
        salesWorksheetEnabled: lender.salesWorksheetEnabled,
        salesDisplayOption: lender.salesDisplayOption as LoanSummaryApplication['lenderSettings']['salesDisplayOption'],
        exportLoanSummaryOnFunding: lender.exportLoanSummaryOnFunding,
        timeZone: lender.timeZone,
      },
      loanProduct: { ...product, direct: a.direct },
      dealer: dealer
        ? {
            name: dealer.name,
            addressLine1: dealer.addressLine1,
            addressLine2: dealer.addressLine2,
            city: dealer.city,
            state: dealer.state,
            zip: dealer.zip,
            phoneNumber: dealer.phoneNumber,
            faxNumber: dealer.faxNumber,
            mainContactName: dealer.mainContactName,
            mainContactEmail: dealer.mainContactEmail,
            reserve: loanRow?.reserveName ? { name: loanRow.reserveName } : null,
          }
        : null,
      // No vehicle valuation log nor sales quote is kept yet (valuations are typed on the collateral; the sales
      // worksheet is not built): empty lists, which the summary prints as its empty states.
      vehicleValuationLogs: [],
      salesQuotes: [],
      metrics: receipt ? Object.entries(receipt.metrics).map(([metricType, value]) => ({ metricType, value })) : [],
    };
    if (insurance) {
      const i = insurance.get(a.id)?.[0];
      loaded.insurance = i
        ? {
            id: i.id,
            company: i.company,
            policyNumber: i.policyNumber,
            agentFirstName: i.agentFirstName,
            agentLastName: i.agentLastName,
            agentPhoneNumber: i.agentPhoneNumber,
            faxNumber: i.faxNumber,
            expirationDate: i.expirationDate,
          }
        : null;
    }
    if (tradeIns) {
      loaded.tradeIns = (tradeIns.get(a.id) ?? []).map((t) => ({
        year: t.year,
        make: t.make,
        model: t.model,
        style: t.style,
        lienHolderName: t.lienHolderName,
        monthlyPayment: t.monthlyPayment,
        // The trade-in's value and payoff are kept as the application's net trade-in only.
        value: null,
        payoff: null,
      }));
    }
    if (purchases) {
      const p = purchases.get(a.id)?.[0];
      loaded.dealerPurchase = p
        ? {
            dealership: p.dealership,
            amountToDealer: p.amountToDealer,
            phoneNumber: p.phoneNumber,
            fax: p.fax,
            email: p.email,
            attention: p.attention,
            spokeTo: p.spokeTo,
            address: address(p),
          }
        : null;
    }
    if (sellers) {
      loaded.sellers = (sellers.get(a.id) ?? []).map((s) => ({
        sellingPrice: s.sellingPrice,
        sellerNames: s.sellerNames,
        phoneNumber: s.phoneNumber,
        email: s.email,
        hasLien: s.hasLien,
        address: address(s),
      }));
    }
    if (liens) {
      const l = liens.get(a.id)?.[0];
      loaded.lien = l
        ? {
            lienholder: l.lienholder,
            accountNumber: l.accountNumber,
            payoffAmount: l.payoffAmount,
            perDiem: l.perDiem,
            payment: l.payment,
            goodThrough: l.goodThrough,
            mailTo: l.mailTo,
            phoneNumber: l.phoneNumber,
            attention: l.attention,
            spokeTo: l.spokeTo,
          }
        : null;
    }
    if (refinances) {
      const r = refinances.get(a.id)?.[0];
      loaded.internalRefinance = r
        ? {
            memberNumber: r.memberNumber,
            loanNumber: r.loanNumber,
            payoffAmount: r.payoffAmount,
            perDiem: r.perDiem,
            goodThrough: r.goodThrough,
          }
        : null;
    }
    if (has('collaterals')) {
      loaded.collaterals = (collaterals.get(a.id) ?? []).map((c) => ({
        id: c.id,
        family: c.family,
        type: c.type,
        identificationNumber: c.identificationNumber,
        value: c.value,
        color: c.color,
        year: c.year,
        make: c.make,
        model: c.model,
        style: c.style,
        hours: c.hours,
        mileage: c.mileage,
        length: c.length === null ? null : String(c.length),
        isUsed: c.isUsed,
        isFloodInsuranceRequired: c.isFloodInsuranceRequired,
        floodZoneType: c.floodZoneType,
        accountNumber: c.accountNumber,
        currentRate: percent(c.currentRate),
        accountOwner: c.accountOwner,
        holdPercentage: percent(c.holdPercentage),
        maturityDate: c.maturityDate,
        isSalvage: c.isSalvage,
        memberNumber: c.memberNumber,
        address: address(c),
        isPrimaryAddress: c.isPrimaryAddress,
        county: c.county,
        maxLoanAmount: c.maxLoanAmount,
        qualifiedMortgageType: c.qualifiedMortgageType,
        lienPosition: c.lienPosition === null ? null : String(c.lienPosition),
        homeValueType: c.homeValueType,
        homeLoanType: c.homeLoanType,
        hmdaPurposeType: c.hmdaPurposeType,
        constructionMethod: c.constructionMethod,
        totalUnits: c.totalUnits,
        censusTrack: c.censusTrack,
        securedPropertyType: c.securedPropertyType,
        landPropertyInterest: c.landPropertyInterest,
        homeOccupancyStatus: c.homeOccupancyStatus,
        // Accessories carry no price of their own yet (the valuation is typed on the collateral).
        accessories: (accessories.get(c.id) ?? []).map((x) => ({
          code: x.code,
          description: x.description,
          value: null,
          isSelected: x.isSelected,
        })),
        grantors: (grantors.get(c.id) ?? []).map((g) => ({
          firstName: g.firstName,
          lastName: g.lastName,
          email: g.email,
          address: address(g),
        })),
        collateralValuation:
          c.vehicleValuationType !== null || c.msrp !== null
            ? { vehicleValuationType: c.vehicleValuationType, msrp: c.msrp, basePrice: c.value, isNew: c.isNew }
            : null,
        latestVehicleValuationLogId: null,
      }));
    }
    if (has('applicants')) {
      loaded.applicants = (applicants.get(a.id) ?? []).map((p) => {
        const report = reportOf.get(p.id);
        return {
          id: p.id,
          applicantRole: p.role,
          isPrimary: p.role === 'PRIMARY',
          memberNumber: p.memberNumber,
          firstName: p.firstName,
          lastName: p.lastName,
          dob: p.dob,
          maritalStatus: p.maritalStatus,
          isBusiness: p.isBusiness,
          // As the applicants' REST read: never decrypted here (the full number is the audited reveal call's).
          socialSecurityNumber: p.ssnLast4 ? maskSsn(p.ssnLast4) : null,
          companyName: p.companyName,
          companyAccountNumber: p.companyAccountNumber,
          companyEstablishedDate: p.companyEstablishedDate,
          companyPhoneNumber: p.companyPhoneNumber,
          companyRole: p.companyRole,
          businessEntityType: p.businessEntityType,
          ownershipPercentage: percent(p.ownershipPercentage),
          // The domain's one masking rule, as every REST answer (no caller sees a full EIN).
          employerIdentificationNumber:
            p.employerIdentificationNumber === null ? null : maskEin(p.employerIdentificationNumber),
          companyDebt: p.companyDebt,
          companyState: p.companyState,
          companyGrossIncome: p.companyGrossIncome,
          companyGrossIncomeFrequency: p.companyGrossIncomeFrequency,
          companyNaicsSic: p.companyNaicsSic,
          addresses: (addresses.get(p.id) ?? []).map((x) => ({
            addressLine1: x.addressLine1,
            addressLine2: x.addressLine2,
            city: x.city,
            state: x.state,
            zip: x.zip,
          })),
          phoneNumbers: (phoneNumbers.get(p.id) ?? []).map((x) => ({
            number: x.number,
            // The type's name ('Mobile'), as the worksheet shows it (issue 29, item 11).
            phoneType: phoneTypes.find((t) => t.id === x.phoneType)?.name ?? String(x.phoneType),
            preferredContact: x.preferredContact,
          })),
          emails: (emails.get(p.id) ?? []).map((x) => ({ email: x.email, preferredContact: x.preferredContact })),
          govtIssuedIds: (govtIssuedIds.get(p.id) ?? []).map((x) => ({
            govtIdType: x.govtIdType,
            number: maskDocumentNumber(x.numberLast4),
            state: x.state,
            country: x.country,
            expirationDate: x.expirationDate,
          })),
          employments: (employments.get(p.id) ?? []).map((x) => ({
            status: x.status,
            employer: x.employer,
            occupation: x.occupation,
            salary: x.salary,
            payPeriod: x.payPeriod,
            yearsEmployed: x.yearsEmployed,
            monthsEmployed: x.monthsEmployed,
            isCurrent: x.isCurrent,
          })),
          finances: (finances.get(p.id) ?? []).map((x) => ({
            isIncome: x.isIncome,
            type: x.type,
            description: x.description,
            amount: x.amount,
            balance: x.balance,
            isSecured: x.isSecured,
          })),
          assets: (assets.get(p.id) ?? []).map((x) => ({
            type: x.type,
            description: x.description,
            amount: x.amount,
            loanBalance: x.loanBalance,
          })),
          activeCreditReport: report
            ? {
                id: report.id,
                pulledUtcTime: report.pulledAt.toISOString(),
                ofac: report.ofac,
                mla: report.mla,
                creditBureau: { name: report.bureau },
                defaultScoreModelId: report.defaultScoreModel,
                publicRecordsCount: report.publicRecordsCount,
                inquiriesCount: report.inquiriesCount,
                // Each score under its model's name ('FICO Auto 8'), not the bureau's (issue 29, item 11).
                scoreModels: report.scores.map((s) => ({ id: s.model, serviceName: s.model, score: s.score })),
                tradelines: (tradelines.get(report.id) ?? []).map((t) => ({
                  creditorName: t.creditor,
                  portfolioType: t.portfolioType,
                  tradelineStatus: t.tradelineStatus,
                  isOpen: t.isOpen,
                  isDeliquent: t.isDelinquent,
                  isDerogatory: t.isDerogatory,
                  balance: t.balance,
                  monthlyPayment: t.monthlyPayment,
                })),
              }
            : null,
        };
      });
    }
    if (has('decision')) loaded.decision = standing;
    if (requirements) {
      loaded.fundingRequirements = (requirements.get(a.id) ?? []).map((r) => ({
        id: r.id,
        name: r.description,
        status: r.status,
        includeOnDecision: r.source === 'decision',
        required: r.required,
        source: r.source,
        waivedReason: r.waiveReason,
        clearedUtcTime: iso(r.clearedAt),
      }));
    }
    if (has('loan')) {
      const l = loanRow?.loan;
      loaded.loan = l
        ? {
            id: l.id,
            contractDate: l.contractDate,
            firstPaymentDate: l.firstPaymentDate,
            fundingDate: l.fundingDate,
            rescissionDate: l.rescissionDate,
            amount: l.amount,
            interestRate: rateOnWire(l.interestRate),
            term: l.termMonths,
            isFunded: l.isFunded,
            fundedUtcTime: iso(l.fundedAt),
            paymentFrequency: l.paymentFrequency,
            monthlyPayment: l.monthlyPayment,
            reserveAmount: l.reserveAmount,
            loanId: l.loanId,
            memberNumber: l.memberNumber,
            shareAccountNumber: l.shareAccountNumber,
            disclosures: l.disclosure as unknown as SummaryLoan['disclosures'],
            loanAdditions: ((l.additions ?? []) as unknown as FundedAdditionJson[]).map((x) => ({
              name: x.name,
              flatAmount: x.feeType === 'flat' ? x.amount : null,
              ratePer1000: x.ratePer1000 ?? null,
              amount: x.amount,
              selected: x.selected,
            })),
            disbursements: ((l.disbursements ?? []) as unknown as DisbursementJson[]).map((d) => ({
              payeeType: d.payeeType,
              payeeName: d.payeeName,
              amount: d.amount,
              disbursalMethodName: d.disbursalMethodName,
            })),
            // The back-end products funded are the application's (the loan keeps no copy of its own).
            otherBackEndFees: a.otherBackEndFees,
            gap: a.gap,
            creditDisability: a.creditDisability,
            creditLife: a.creditLife,
            warranty: a.warranty,
          }
        : null;
    }
    if (comments) {
      loaded.comments = (comments.get(a.id) ?? []).map(({ comment: c, authorName, authorFullName }) => ({
        id: c.id,
        type: c.type as 'DEALER' | 'JOURNAL',
        message: c.message,
        sender: c.sender,
        timestampUtc: c.createdAt.toISOString(),
        isDeleted: c.isDeleted,
        user: personName(authorName, authorFullName),
      }));
    }
    if (history) {
      loaded.history = (history.get(a.id) ?? []).map((h) => ({
        id: h.id,
        dateTimeUtc: h.createdAt.toISOString(),
        user: personName(h.userName, h.userFullName),
        action: h.action,
        description: h.description,
        changes: h.changes.map((c) => ({
          entity: c.entity,
          entityId: c.entityId,
          property: c.property,
          oldValue: c.oldValue,
          newValue: c.newValue,
        })),
      }));
    }
    result.set(a.id, loaded);
  }
  return result;
};
