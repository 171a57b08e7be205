import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { lenders, letterTemplates } from '../schema/index.ts';

/**
 * The Federal agency that administers ECOA compliance for the creditor (Regulation B Appendix A): the NCUA for a
 * federal credit union, the FTC for a creditor no other agency supervises (a dealer-finance company). The
 * default adverse action template names it; an administrator edits it for another charter.
 */
export const ecoaAgencies = {
  ncua: 'the National Credit Union Administration, Office of Consumer Financial Protection, 1775 Duke Street, Alexandria, VA 22314',
  ftc: 'the Federal Trade Commission, Equal Credit Opportunity, Washington, DC 20580',
} as const;

/** Sender, date and addressee: the top of both default letters. */
const letterhead = `**{{lender.name}}**
{{lender.address}}
{{lender.phone}}

{{date}}

{{applicant.fullName}}
{{applicant.address}}
`;

/** The consumer reporting agency's name, address and toll-free number (FCRA §615(a)). */
const bureauBlock = `**{{bureau.name}}**
{{bureau.address}}
Toll-free: {{bureau.phone}}
{{bureau.website}}
`;

/** The default adverse action notice: Regulation B model form C-1 with the FCRA §615(a) and score disclosures. */
export const defaultAdverseActionBody = (agency: string) => `${letterhead}
# Statement of Credit Denial, Termination or Change

Application: {{application.id}} ({{application.loanProduct}})
Date of decision: {{decision.date}}

Dear {{applicant.fullName}},

Thank you for your recent application. Your request for a loan was carefully considered, and we regret that we are unable to approve your application at this time for the following reasons.

## Principal reason(s) for credit denial
{{#reasons}}
- {{.}}
{{/reasons}}

## Your right to a copy of your credit report
Our credit decision was based in whole or in part on information obtained in a report from the consumer reporting agency listed below. You have a right under the Fair Credit Reporting Act to know the information contained in your credit file at the consumer reporting agency. The reporting agency played no part in our decision and is unable to supply specific reasons why we have denied credit to you. You also have a right to a free copy of your report from the reporting agency, if you request it no later than 60 days after you receive this notice. In addition, if you find that any information contained in the report you receive is inaccurate or incomplete, you have the right to dispute the matter with the reporting agency.

${bureauBlock}
{{#score}}
## Your credit score
We also obtained your credit score from this consumer reporting agency and used it in making our credit decision. Your credit score is a number that reflects the information in your consumer report. Your credit score can change, depending on how the information in your consumer report changes.

Your credit score: **{{score}}** ({{score.model}})
Date: {{score.date}}
Scores range from a low of {{score.rangeMin}} to a high of {{score.rangeMax}}.

Key factors that adversely affected your credit score:
{{#keyFactors}}
- {{.}}
{{/keyFactors}}
{{/score}}

## Notice
The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The Federal agency that administers compliance with this law concerning this creditor is ${agency}.

{{stateNotice}}

Sincerely,

{{lender.name}}
`;

/** The default credit score disclosure (FCRA §609(g) / §615(h) exception notice content). */
export const defaultCreditScoreDisclosureBody = `${letterhead}
# Credit Score Disclosure

Application: {{application.id}} ({{application.loanProduct}})

Dear {{applicant.fullName}},

## Your credit score and understanding your credit score
Your credit score is a number that reflects the information in your credit report. Your credit report is a record of your credit history. It includes information about whether you pay your bills on time and how much you owe to creditors. Your credit score can change, depending on how your credit history changes.

We obtained your credit score from the consumer reporting agency below and used it in making our credit decision.

Your credit score: **{{score}}** ({{score.model}})
Date: {{score.date}}
Scores range from a low of {{score.rangeMin}} to a high of {{score.rangeMax}}.

Key factors that adversely affected your credit score:
{{#keyFactors}}
- {{.}}
{{/keyFactors}}
{{^keyFactors}}
- None reported
{{/keyFactors}}

## Checking your credit report
Under federal law, you have the right to obtain a free copy of your credit report from each of the nationwide consumer reporting agencies once a year, at www.annualcreditreport.com or 1-877-322-8228. If you find that any information in your report is inaccurate or incomplete, you have the right to dispute it with the consumer reporting agency.

${bureauBlock}
## How do I get more information about credit reports and my rights?
For more information about credit reports and your rights under federal law, visit the Consumer Financial Protection Bureau's website at www.consumerfinance.gov/learnmore.

{{lender.name}}
`;

export const defaultLetterTemplates = (agency: string) => [
  { letterType: 'adverseAction', name: 'Adverse Action Notice (Reg B C-1)', body: defaultAdverseActionBody(agency) },
  {
    letterType: 'creditScoreDisclosure',
    name: 'Credit Score Disclosure (FCRA)',
    body: defaultCreditScoreDisclosureBody,
  },
];

/**
 * The default letter templates of a lender, enabled (the adverse action notice and the credit score
 * disclosure). The ECOA agency is the NCUA for a credit union, the FTC otherwise (`options.agency` overrides).
 * Runs in the seeding transaction; a lender that already has a template of a type keeps its own.
 */
export const seedLetterTemplates = async (
  tx: DbExecutor,
  lenderId: number,
  options: { agency?: keyof typeof ecoaAgencies; enabled?: boolean } = {},
) => {
  const [lender] = await tx.select({ name: lenders.name }).from(lenders).where(eq(lenders.id, lenderId));
  const agency = options.agency ?? (/credit union/i.test(lender?.name ?? '') ? 'ncua' : 'ftc');
  const existing = await tx
    .select({ letterType: letterTemplates.letterType })
    .from(letterTemplates)
    .where(eq(letterTemplates.lenderId, lenderId));
  const missing = defaultLetterTemplates(ecoaAgencies[agency]).filter(
    (t) => !existing.some((e) => e.letterType === t.letterType),
  );
  if (missing.length > 0) {
    await tx.insert(letterTemplates).values(missing.map((t) => ({ ...t, lenderId, enabled: options.enabled ?? true })));
  }
};
