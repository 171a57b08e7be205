import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../db/tenancy.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { buildHmdaExport, type HmdaFiler } from './hmda-lar.loader.ts';

/**
 * The HMDA Loan/Application Register over the demo data (issue 33, "Done when": the HMDA file passes its own
 * edits for the demo year, and a test file with known errors lists them). Expectations are read with direct SQL.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let summitId: number;
let harborId: number;
let year: number;

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await database.pool.query<T>(text, values)).rows;

const filer: HmdaFiler = {
  lei: '5493001KJTIIGC8Y1R12',
  taxId: '84-1234567',
  federalAgency: '5',
  contact: {
    name: 'Dana Whitfield',
    phone: '303-555-0142',
    email: 'hmda@summitfcu.example',
    street: '1200 Grant St',
    city: 'Denver',
    state: 'CO',
    zip: '80203',
  },
};
const exportOf = (lenderId: number, options = { filer }) =>
  withTenant(database.db, lenderId, (tx) => buildHmdaExport(tx, lenderId, year, options));

/**
 * The lender's home-equity applications in a final state acted on in `year` (its zone): a funded loan's contract
 * date, else the newest decision.
 */
const actedOn = async (lenderId: number) =>
  (
    await q<{ id: number }>(
      `select a.id from applications a
         join loan_products p on p.id = a.loan_product_id
         join lenders l on l.id = a.lender_id
        where a.lender_id = $1 and p.control_type = 'HEL'
          and a.state in ('funded', 'approved', 'counteroffer', 'declined', 'cancelled')
          and extract(year from coalesce(
                (select n.contract_date from loans n where n.application_id = a.id and n.is_funded),
                (select max(d.created_at at time zone l.time_zone) from application_decisions d
                  where d.application_id = a.id))) = $2
        order by a.id`,
      [lenderId, year],
    )
  ).map((r) => r.id);

beforeAll(async () => {
  database = await createTestDatabase();
  const lenders = await q<{ id: number; name: string }>(`select id, name from lenders order by id`);
  summitId = lenders.find((l) => l.name.startsWith('Summit'))!.id;
  harborId = lenders.find((l) => l.name.startsWith('Harbor'))!.id;
  // The demo year: the year of the newest home-equity decision, in Summit's zone.
  const [newest] = await q<{ year: number }>(
    `select extract(year from max(d.created_at at time zone l.time_zone))::int as year
       from application_decisions d join applications a on a.id = d.application_id
       join loan_products p on p.id = a.loan_product_id join lenders l on l.id = a.lender_id
      where a.lender_id = $1 and p.control_type = 'HEL'`,
    [summitId],
  );
  year = newest!.year;
  // The demo funds no home-equity loan (its products have a right of rescission, which the decisions seed leaves
  // alone): Summit's home-equity application generated as funded gets the loan it would have, three days after
  // it came in (within the year).
  await q(
    `insert into loans (lender_id, application_id, amount, term_months, interest_rate, payment_frequency, direct,
                        contract_date, funding_date, is_funded, funded_at, disclosure)
     select a.lender_id, a.id, a.est_amt_financed, a.term_months, 7.125, 'Monthly', a.direct, d.day, d.day, true, now(),
            '{"apr": "7.180"}'::jsonb
       from applications a join loan_products p on p.id = a.loan_product_id join lenders l on l.id = a.lender_id,
            lateral (select least((a.created_at at time zone l.time_zone)::date + 3, make_date($2, 12, 31)) as day) d
      where a.lender_id = $1 and p.control_type = 'HEL' and a.state = 'funded'
        and not exists (select 1 from loans n where n.application_id = a.id)`,
    [summitId, year],
  );
});
afterAll(() => database.drop());

describe('the HMDA register of the demo year', () => {
  it('reports every home-equity application acted on in the year, and passes its own edits', async () => {
    const result = await exportOf(summitId);
    const expected = await actedOn(summitId);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(result.lars.map((l) => l.applicationId)).toEqual(expected);
    expect(result.failures).toEqual([]);

    const lines = result.file.split('\n');
    expect(lines).toHaveLength(expected.length + 2);
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      `1|Summit Federal Credit Union|${year}|4|Dana Whitfield|303-555-0142|hmda@summitfcu.example|1200 Grant St|Denver|CO|80203|5|${expected.length}|84-1234567|5493001KJTIIGC8Y1R12`,
    );
    for (const line of lines.slice(1, -1)) {
      const fields = line.split('|');
      expect(fields).toHaveLength(110);
      expect(fields[0]).toBe('2');
      expect(fields[1]).toBe('5493001KJTIIGC8Y1R12');
      expect(fields[11]!.slice(0, 4)).toBe(String(year));
    }
    // One of each final action of the demo: originated, approved not accepted, denied, withdrawn.
    expect(new Set(result.lars.map((l) => l.actionTaken))).toEqual(new Set(['1', '2', '3', '4']));
    // The originated loan reports the loan's amount, rate and day.
    const [loan] = await q<{ application_id: number; amount: string; day: string }>(
      `select n.application_id, trim_scale(n.amount)::text as amount, to_char(n.contract_date, 'YYYYMMDD') as day
         from loans n join applications a on a.id = n.application_id
         join loan_products p on p.id = a.loan_product_id
        where n.lender_id = $1 and n.is_funded and p.control_type = 'HEL'`,
      [summitId],
    );
    expect(result.lars.find((l) => l.actionTaken === '1')).toMatchObject({
      applicationId: loan!.application_id,
      loanAmount: loan!.amount,
      interestRate: '7.125',
      actionTakenDate: loan!.day,
      hoepaStatus: '2',
      rateSpread: 'NA',
      initiallyPayableToInstitution: '1',
    });
  });

  it('fills the rows from the application’s records', async () => {
    const { lars } = await exportOf(summitId);
    const declined = lars.find((l) => l.actionTaken === '3' && l.denialReason1 !== '10')!;
    const [app] = await q<{ amount: string; term: number; created: string; zip: string; value: string }>(
      `select trim_scale(coalesce(a.requested_amount, a.est_amt_financed))::text as amount, a.term_months as term,
              to_char(a.created_at at time zone l.time_zone, 'YYYYMMDD') as created, c.zip, trim_scale(c.value)::text as value
         from applications a join lenders l on l.id = a.lender_id
         join collaterals c on c.application_id = a.id and c.family = 'Home'
        where a.id = $1`,
      [declined.applicationId],
    );
    expect(declined).toMatchObject({
      loanAmount: app!.amount,
      loanTerm: String(app!.term),
      applicationDate: app!.created,
      zip: app!.zip,
      propertyValue: app!.value,
      interestRate: 'NA',
      rateSpread: 'NA',
      hoepaStatus: '3',
    });
    // The ULI is the LEI, the application id on ten digits and two check digits.
    for (const l of lars)
      expect(l.uli).toMatch(new RegExp(`^5493001KJTIIGC8Y1R12${String(l.applicationId).padStart(10, '0')}\\d{2}$`));
    // The primary applicant's HMDA record: its sex code is the record's gender.
    const [primary] = await q<{ gender: number }>(
      `select h.gender from hmda_records h join applicants p on p.id = h.applicant_id
        where p.application_id = $1 and p.role = 'PRIMARY'`,
      [declined.applicationId],
    );
    expect(declined.applicantSex).toBe(String(primary!.gender));
  });

  it('keeps to the lender: Harbor’s register holds only Harbor’s applications', async () => {
    const result = await exportOf(harborId);
    expect(result.lars.map((l) => l.applicationId)).toEqual(await actedOn(harborId));
    const summitApps = new Set(await actedOn(summitId));
    expect(result.lars.some((l) => summitApps.has(l.applicationId!))).toBe(false);
  });

  it('without the filer’s identifiers, names each one to enter', async () => {
    const result = await exportOf(summitId, { filer: {} });
    const onSheet = result.failures.filter((f) => f.line === 1).map((f) => `${f.editId} ${f.field}`);
    expect(onSheet).toEqual([
      'V600 Legal Entity Identifier (LEI)',
      "V601 Contact Person's Name",
      "V601 Contact Person's E-mail Address",
      "V601 Contact Person's Office Street Address",
      "V601 Contact Person's Office City",
      "V603 Contact Person's Phone Number",
      "V604 Contact Person's Office State",
      "V605 Contact Person's Office Zip Code",
      'V607 Federal Taxpayer Identification Number',
    ]);
    // Every row then lacks the LEI too.
    expect(new Set(result.failures.filter((f) => f.line > 1).map((f) => f.editId))).toEqual(new Set(['V600']));
  });
});

describe('a register with known errors', () => {
  it('lists exactly those failures, each with its application and the field to fix', async () => {
    const ids = await actedOn(summitId);
    const [noHmda, noLien, badZip, noBirth] = ids as [number, number, number, number];
    await q(
      `delete from hmda_records h using applicants p where p.id = h.applicant_id and p.application_id = $1 and p.role = 'PRIMARY'`,
      [noHmda],
    );
    await q(`update collaterals set lien_position = null where application_id = $1 and family = 'Home'`, [noLien]);
    await q(`update collaterals set zip = '8021' where application_id = $1 and family = 'Home'`, [badZip]);
    await q(`update applicants set dob = null where application_id = $1 and role = 'PRIMARY'`, [noBirth]);

    const result = await exportOf(summitId, { filer: { ...filer, taxId: '841234567' } });
    const listed = result.failures.map((f) => [f.editId, f.applicationId, f.field]);
    expect(listed).toEqual([
      ['V607', null, 'Federal Taxpayer Identification Number'],
      ['V628-1', noHmda, 'Ethnicity of Applicant or Borrower: 1'],
      ['V629-1', noHmda, 'Ethnicity of Applicant or Borrower Collected on the Basis of Visual Observation or Surname'],
      ['V635-1', noHmda, 'Race of Applicant or Borrower: 1'],
      ['V636-1', noHmda, 'Race of Applicant or Borrower Collected on the Basis of Visual Observation or Surname'],
      ['V642-1', noHmda, 'Sex of Applicant or Borrower'],
      ['V642-2', noHmda, 'Sex of Applicant or Borrower Collected on the Basis of Visual Observation or Surname'],
      ['V659', noLien, 'Lien Status'],
      ['V624', badZip, 'Zip Code'],
      ['V651-1', noBirth, 'Age of Applicant or Borrower'],
    ]);
    // Each failing row is named by its line and ULI as well.
    for (const f of result.failures.slice(1)) {
      expect(f.line).toBe(ids.indexOf(f.applicationId!) + 2);
      expect(f.uli).toBe(result.lars[f.line - 2]!.uli);
    }
  });
});
