import type { CreditBureau, CreditReport, CreditScoreModel } from '@credence/contracts';
import { money, Money } from '@credence/domain';
import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { createBureauProvider } from '../../integrations/bureaus/index.ts';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import { loadApplicants } from '../../modules/applications/applicants/applicants.repository.ts';
import { recordHistory } from '../../modules/applications/application-history/application-history.repository.ts';
import * as creditRepo from '../../modules/applications/credit/credit.repository.ts';
import { storePulledReports } from '../../modules/applications/credit/credit.service.ts';
import type { DbExecutor } from '../client.ts';
import {
  applicantFinances,
  applicants,
  applications,
  creditReports,
  creditReportTradelines,
  crossSellSettings,
  lenderCreditBureaus,
  lenders,
  loanProducts,
  tradeIns,
} from '../schema/index.ts';
import type { TenantTx } from '../tenancy.ts';

/** Every lender pulls from the three bureaus; FICO Auto 8 is the default model (the demo policy's tiers read it). */
export const demoBureaus: { bureau: CreditBureau; scoreModels: CreditScoreModel[] }[] = [
  { bureau: 'Equifax', scoreModels: ['FICO Auto 8', 'FICO 8', 'VantageScore 4.0'] },
  { bureau: 'Experian', scoreModels: ['FICO Auto 8', 'FICO 9', 'VantageScore 3.0'] },
  { bureau: 'TransUnion', scoreModels: ['FICO Auto 8', 'FICO 8', 'VantageScore 4.0'] },
];

/**
 * The sandbox cases shown on named demo applications (the primary applicant's SSN ends in the case's digits,
 * integrations/bureaus/README.md): the first `new` applications of each lender, in id order, then reviewed ones.
 */
const newCases = ['0004', '0005', '0006', '0002', '0010'] as const; // OFAC, MLA, fraud alert, no record, refinance
const reviewedCases = ['0007', '0011', '0012', '0003'] as const; // bankruptcy, excellent, subprime, frozen

/** A deterministic demo SSN in the never-issued range the demo uses (9XX-4X-XXXX); `last4` picks a sandbox case. */
const demoSsn = (applicantId: number, last4?: string) => {
  const area = 900 + ((applicantId * 37) % 100);
  const group = 40 + (applicantId % 10);
  const serial = last4 ?? String(1000 + ((applicantId * 7919) % 8999)).padStart(4, '0');
  return `${area}${group}${serial}`;
};

/**
 * An applicant's stated debts, told the way the credit report shows them, so that no debt counts twice in the
 * ratios: a homeowner whose report carries the home loan (an open mortgage with a balance) pays its principal and
 * interest there, and the housing line holds what the bureau does not — property taxes and insurance, about a
 * sixth of the loan payment; a student loan the report carries is not listed again. Without them on the report,
 * the stated rent, mortgage or student loan stays.
 */
const matchFinancesToReport = async (tx: DbExecutor, applicantId: number, report: CreditReport) => {
  const owed = report.tradelines.filter(
    (t) => t.isOpen && t.ecoa !== 'AuthorizedUser' && t.monthlyPayment !== null && money(t.balance).gt(0),
  );
  const homeLoan = owed.find((t) => t.portfolioType === 'MORTGAGE');
  if (homeLoan) {
    // About a sixth of the loan payment, to the $10, at least $150.
    const escrow = Money.max(
      money(150),
      money(homeLoan.monthlyPayment!).times(0.016).toDecimalPlaces(0, Money.ROUND_HALF_UP).times(10),
    );
    await tx
      .update(applicantFinances)
      .set({ description: 'Property taxes and insurance', amount: escrow.toFixed(2), balance: null })
      .where(and(eq(applicantFinances.applicantId, applicantId), eq(applicantFinances.type, 'Housing')));
  }
  if (owed.some((t) => t.loanType === 'Educational'))
    await tx
      .delete(applicantFinances)
      .where(and(eq(applicantFinances.applicantId, applicantId), eq(applicantFinances.description, 'Student loan')));
};

/**
 * The loan this application pays off, marked as the reviewer would: a refinance pays off the vehicle loan it
 * replaces, and a trade-in with a lien has its loan paid off from the deal — the primary applicant's largest open
 * auto loan on the report, which then no longer counts in the debt ratios.
 */
const markPaidOffByThisLoan = async (tx: DbExecutor, app: { id: number; transactionType: string | null }) => {
  const liened = await tx
    .select({ id: tradeIns.id })
    .from(tradeIns)
    .where(and(eq(tradeIns.applicationId, app.id), isNotNull(tradeIns.lienHolderName)));
  const refinance = app.transactionType === 'REFINANCE' || app.transactionType === 'INTERNAL_REFINANCE';
  if (!refinance && liened.length === 0) return;
  const [loan] = await tx
    .select({ id: creditReportTradelines.id })
    .from(creditReportTradelines)
    .innerJoin(creditReports, eq(creditReports.id, creditReportTradelines.creditReportId))
    .innerJoin(applicants, eq(applicants.id, creditReports.applicantId))
    .where(
      and(
        eq(creditReports.applicationId, app.id),
        eq(creditReports.isActive, true),
        eq(applicants.role, 'PRIMARY'),
        eq(creditReportTradelines.isOpen, true),
        eq(creditReportTradelines.loanType, 'AutoLoan'),
        gt(creditReportTradelines.balance, '0'),
      ),
    )
    .orderBy(desc(creditReportTradelines.balance))
    .limit(1);
  if (loan)
    await tx.update(creditReportTradelines).set({ paidOff: true }).where(eq(creditReportTradelines.id, loan.id));
};

/**
 * The credit demo: bureau settings for every lender, an SSN for every demo applicant, and a credit report from the
 * sandbox bureaus for the applicants of every application past `new` (and of most `new` ones, so the Credit queue
 * has reports to review; every third `new` application is left unpulled). Runs as the owner in the demo seed's
 * transaction, through the same store as a pull (history and the permissible-purpose audit included).
 */
export const seedCreditDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const protector = createDataProtector(dataEncryptionKey);
  const owner = tx as unknown as TenantTx;
  const now = new Date();
  for (const lender of await tx.select().from(lenders).orderBy(asc(lenders.id))) {
    for (const b of demoBureaus) {
      await creditRepo.upsertLenderBureau(owner, {
        lenderId: lender.id,
        bureau: b.bureau,
        enabled: true,
        scoreModels: b.scoreModels,
        defaultScoreModel: 'FICO Auto 8',
      });
    }
    // As the owner no row-level security applies: the lender's own rows, by lender.
    const bureauRows = await tx
      .select()
      .from(lenderCreditBureaus)
      .where(eq(lenderCreditBureaus.lenderId, lender.id))
      .orderBy(asc(lenderCreditBureaus.bureau));
    // Cross-sell settings (spec 2 `crosssell/`): refinance of auto and personal loans held elsewhere, and an
    // internal card offer, each on a product of the lender.
    const products = (await tx.select().from(loanProducts).where(eq(loanProducts.lenderId, lender.id))).filter(
      (p) => p.enabled && !p.isBusinessLoan,
    );
    const productOf = (controlType: string) => products.find((p) => p.controlType === controlType);
    const offers = [
      {
        name: 'Auto refinance',
        crossSellType: 'RefiCrossSell',
        description: 'Bring an auto loan from another lender and lower the payment.',
        product: productOf('AUTOMOTIVE'),
        tradelineLoanTypes: ['AutoLoan'],
        minimumBalance: '5000.00',
        baseRatePercent: '5.490',
        termOptions: [
          { termMonths: 36, rateOffsetPercent: '-0.250' },
          { termMonths: 48, rateOffsetPercent: '0' },
          { termMonths: 60, rateOffsetPercent: '0.250' },
          { termMonths: 72, rateOffsetPercent: '0.750' },
        ],
        offerAmount: null,
      },
      {
        name: 'Personal loan consolidation',
        crossSellType: 'RefiCrossSell',
        description: 'Consolidate unsecured loans into one fixed payment.',
        product: productOf('PERSONAL'),
        tradelineLoanTypes: ['Unsecured'],
        minimumBalance: '2000.00',
        baseRatePercent: '9.990',
        termOptions: [
          { termMonths: 24, rateOffsetPercent: '-0.500' },
          { termMonths: 36, rateOffsetPercent: '0' },
          { termMonths: 60, rateOffsetPercent: '1.000' },
        ],
        offerAmount: null,
      },
      {
        name: 'Visa Platinum card',
        crossSellType: 'InternalCrossSell',
        description: 'No annual fee, 1.5% cash back.',
        product: productOf('CREDIT_CARD'),
        tradelineLoanTypes: [],
        minimumBalance: '0',
        baseRatePercent: '14.900',
        termOptions: [],
        offerAmount: '5000.00',
      },
    ];
    for (const { product, ...offer } of offers) {
      if (product)
        await tx.insert(crossSellSettings).values({ ...offer, lenderId: lender.id, loanProductId: product.id });
    }
    const apps = await tx
      .select({
        id: applications.id,
        state: applications.state,
        createdBy: applications.createdByUserId,
        isBusinessLoan: loanProducts.isBusinessLoan,
        transactionType: applications.transactionType,
      })
      .from(applications)
      .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
      .where(eq(applications.lenderId, lender.id))
      .orderBy(asc(applications.id));
    let newIndex = 0;
    let reviewedIndex = 0;
    for (const app of apps) {
      const people = await loadApplicants(owner, app.id);
      const caseDigits =
        app.state === 'new' ? newCases[newIndex] : app.state === 'reviewed' ? reviewedCases[reviewedIndex] : undefined;
      for (const person of people) {
        const showsCase = person.row.role === 'PRIMARY' && caseDigits !== undefined;
        if (person.row.isBusiness || (person.row.ssnEncrypted && !showsCase)) continue;
        const ssn = demoSsn(person.row.id, showsCase ? caseDigits : undefined);
        await tx
          .update(applicants)
          .set({
            ssnEncrypted: protector.encrypt(ssn, protectedPurposes.ssn),
            ssnHash: protector.hash(ssn, protectedPurposes.ssn),
            ssnLast4: ssn.slice(-4),
          })
          .where(eq(applicants.id, person.row.id));
        person.row.ssnEncrypted = protector.encrypt(ssn, protectedPurposes.ssn);
      }
      const pull = app.state !== 'new' || newIndex % 3 !== 2 || caseDigits !== undefined;
      if (app.state === 'new') newIndex++;
      if (app.state === 'reviewed') reviewedIndex++;
      if (!pull) continue;
      const bureau = bureauRows[app.id % bureauRows.length]!;
      const provider = createBureauProvider(bureau.bureau as CreditBureau, { kind: 'sandbox' }, () => now);
      const pulled = [];
      for (const person of people) {
        const r = person.row;
        const address = person.addresses[0];
        if ((app.isBusinessLoan && r.role === 'PRIMARY') || r.isBusiness || !r.ssnEncrypted || !r.dob || !address)
          continue;
        const answer = await provider.pull({
          bureau: bureau.bureau as CreditBureau,
          applicant: {
            firstName: r.firstName ?? '',
            lastName: r.lastName ?? '',
            ssn: protector.decrypt(r.ssnEncrypted, protectedPurposes.ssn),
            dateOfBirth: r.dob,
            address,
          },
          scoreModels: bureau.scoreModels as CreditScoreModel[],
        });
        pulled.push({
          applicant: person,
          name: [r.firstName, r.lastName].filter(Boolean).join(' '),
          raw: answer.rawXml,
          report: answer.report,
        });
      }
      if (pulled.length === 0) continue;
      const auth = { lenderId: lender.id, userId: app.createdBy, homeLenderId: lender.id };
      await storePulledReports(owner, protector, auth, app.id, bureau, provider.name, pulled, (entry) =>
        recordHistory(owner, { lenderId: lender.id, applicationId: app.id, userId: app.createdBy, ...entry }),
      );
      for (const { applicant, report } of pulled) await matchFinancesToReport(tx, applicant.row.id, report);
      await markPaidOffByThisLoan(tx, app);
    }
  }
};
