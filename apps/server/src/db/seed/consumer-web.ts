import { completeFieldConfig } from '@credence/contracts';
import type { DbExecutor } from '../client.ts';
import { consumerWebMessages, consumerWebSettings, lenders } from '../schema/index.ts';

/** A 120×32 PNG header logo (navy with a gold mark), base64 as the settings store it. */
const SUMMIT_LOGO =
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAgCAIAAABW2ysfAAAAZElEQVR42u3aMQ0AIAwAwTrBEX6QhD0MgAImCIFwzY+dbmwaKRcdKBCABq1F6FZjS1hBgwYNGjRosvdA98m8vgMaNGjQoEGDBg0aNGjQoEGD/hPaUQk0aNCgQYP2QCPQoAX6kgYRDsYe0XY3+gAAAABJRU5ErkJggg==';

const summitMessages = [
  {
    name: 'Welcome',
    event: 'welcome',
    heading: 'Welcome to Summit Federal Credit Union',
    body: 'Apply in about ten minutes. Have your income and employer details at hand.',
  },
  {
    name: 'Thank you',
    event: 'submitted',
    heading: 'Thank you, {FirstName}',
    body: 'We received application {ApplicationId} for your {LoanProductName}. We will be in touch within one business day.',
  },
  {
    name: 'Approved',
    event: 'approved',
    heading: 'Good news, {FirstName}!',
    body: 'Your {LoanProductName} for {RequestedAmount} is approved. Call us at {BranchPhone} to finish up.',
  },
  {
    name: 'More information',
    event: 'moreInformation',
    heading: 'We need a little more',
    body: 'Please call {BranchPhone} about application {ApplicationId}.',
    enabled: false,
  },
];

/** The demo of Administration › Consumer Web (issue 38, item 6): Summit's site settings, fields and messages. */
export const seedConsumerWebDemo = async (tx: DbExecutor) => {
  for (const lender of await tx.select({ id: lenders.id, name: lenders.name }).from(lenders)) {
    if (lender.name !== 'Summit Federal Credit Union') continue;
    await tx
      .insert(consumerWebSettings)
      .values({
        lenderId: lender.id,
        logo: SUMMIT_LOGO,
        logoContentType: 'image/png',
        primaryColor: '#1F4E79',
        accentColor: '#F2A900',
        backgroundColor: '#F7F9FC',
        siteTitle: 'Summit FCU Online Loan Application',
        welcomeText: 'Auto, RV and personal loans for members. Apply online; a loan officer reviews every application.',
        disclosureText:
          'By submitting, you authorize Summit Federal Credit Union to obtain your credit report and verify the information you provide.',
        submittedText: 'Your application is on its way to a loan officer.',
        footerText: 'Summit Federal Credit Union · NMLS #401234 · Federally insured by NCUA',
        fieldConfig: completeFieldConfig([
          { field: 'homePhone', visible: false, required: false },
          { field: 'suffix', visible: false, required: false },
          { field: 'employer', visible: true, required: true },
          { field: 'monthlyIncome', visible: true, required: true },
          { field: 'requestedAmount', visible: true, required: true },
        ]),
      })
      .onConflictDoNothing();
    await tx
      .insert(consumerWebMessages)
      .values(summitMessages.map((m) => ({ ...m, lenderId: lender.id })))
      .onConflictDoNothing();
  }
};
