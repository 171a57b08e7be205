import { historyActions, type CustomFieldType } from '@credence/contracts';
import { encodeFlags, ethnicityFlags, raceFlags } from '@credence/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import {
  actionItems,
  applicantEmails,
  applicants,
  applicationHistory,
  applicationShares,
  applications,
  customFieldDefinitions,
  hmdaRecords,
  lenders,
  loanProducts,
  promotions,
  userGroups,
  users,
} from '../schema/index.ts';

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

type FieldDefinition = {
  label: string;
  fieldType: CustomFieldType;
  required?: boolean;
  options?: string[];
  maxLength?: number;
};
type PromotionDefinition = {
  name: string;
  description: string;
  rateDiscount: string;
  autoSelect?: boolean;
  /** Days from today; null: open-ended. */
  startDays: number | null;
  endDays: number | null;
};

/** lender name → product name → its custom fields. */
const customFieldsByLender: Record<string, Record<string, FieldDefinition[]>> = {
  'Summit Federal Credit Union': {
    'New Auto': [
      {
        label: 'Referring branch',
        fieldType: 'SELECT',
        required: true,
        options: ['Boulder', 'Denver', 'Colorado Springs', 'Fort Collins'],
      },
      { label: 'Dealer stock number', fieldType: 'TEXT', maxLength: 20 },
      { label: 'Employee loan', fieldType: 'BOOLEAN' },
    ],
    'Personal Loan': [
      { label: 'Purpose detail', fieldType: 'TEXT', required: true, maxLength: 200 },
      { label: 'Payroll deduction', fieldType: 'BOOLEAN' },
      { label: 'Member since', fieldType: 'DATE' },
    ],
  },
  'Harbor Auto Finance': {
    'Dealer Auto': [
      { label: 'Dealer reference', fieldType: 'TEXT', maxLength: 30 },
      { label: 'Internal score', fieldType: 'NUMBER' },
    ],
  },
};

const promotionsByLender: Record<string, Record<string, PromotionDefinition[]>> = {
  'Summit Federal Credit Union': {
    'New Auto': [
      {
        name: 'Spring Auto Rate Special',
        description: 'A quarter point off new vehicles this season.',
        rateDiscount: '0.250',
        autoSelect: true,
        startDays: -60,
        endDays: 120,
      },
      {
        name: 'Member Loyalty Discount',
        description: 'For members of five years or more.',
        rateDiscount: '0.125',
        startDays: null,
        endDays: null,
      },
    ],
    'Used Auto': [
      {
        name: 'Certified Pre-Owned Bonus',
        description: 'For certified pre-owned vehicles.',
        rateDiscount: '0.200',
        startDays: -30,
        endDays: 60,
      },
    ],
    'RV Loan': [
      {
        name: 'RV Season Kickoff',
        description: 'Ended last season.',
        rateDiscount: '0.500',
        startDays: -400,
        endDays: -200,
      },
    ],
  },
  'Harbor Auto Finance': {
    'Dealer Auto': [
      {
        name: 'Dealer Partner Rate',
        description: 'For partner dealers.',
        rateDiscount: '0.250',
        autoSelect: true,
        startDays: null,
        endDays: null,
      },
    ],
  },
};

const productIdsByName = async (tx: DbExecutor, lenderId: number) =>
  new Map(
    (
      await tx
        .select({ id: loanProducts.id, name: loanProducts.name })
        .from(loanProducts)
        .where(eq(loanProducts.lenderId, lenderId))
    ).map((p) => [p.name, p.id]),
  );

const seedProductSetup = async (tx: DbExecutor, lender: { id: number; name: string }, now: Date) => {
  const products = await productIdsByName(tx, lender.id);
  for (const [productName, fields] of Object.entries(customFieldsByLender[lender.name] ?? {})) {
    const loanProductId = products.get(productName);
    if (loanProductId === undefined) continue;
    await tx.insert(customFieldDefinitions).values(
      fields.map((f, sortOrder) => ({
        lenderId: lender.id,
        loanProductId,
        label: f.label,
        fieldType: f.fieldType,
        required: f.required ?? false,
        options: f.options ?? [],
        maxLength: f.maxLength ?? null,
        sortOrder,
      })),
    );
  }
  const day = (offset: number | null) => (offset === null ? null : isoDate(new Date(now.getTime() + offset * DAY_MS)));
  for (const [productName, list] of Object.entries(promotionsByLender[lender.name] ?? {})) {
    const loanProductId = products.get(productName);
    if (loanProductId === undefined) continue;
    await tx.insert(promotions).values(
      list.map((p) => ({
        lenderId: lender.id,
        loanProductId,
        name: p.name,
        description: p.description,
        rateDiscount: p.rateDiscount,
        autoSelect: p.autoSelect ?? false,
        startDate: day(p.startDays),
        endDate: day(p.endDays),
      })),
    );
  }
};

/** Summit's seeded applications, oldest first, with what the demo needs to pick some. */
const listApplications = (tx: DbExecutor, lenderId: number) =>
  tx
    .select({
      id: applications.id,
      state: applications.state,
      direct: applications.direct,
      createdByUserId: applications.createdByUserId,
      isBusinessLoan: loanProducts.isBusinessLoan,
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(eq(applications.lenderId, lenderId))
    .orderBy(asc(applications.id));

const hmdaSamples = [
  {
    deliveryMethod: 1,
    gender: 2,
    race: encodeFlags(raceFlags, ['Asian', 'OtherAsian']),
    raceOtherAsian: 'Hmong',
    ethnicity: encodeFlags(ethnicityFlags, ['NotHispanicOrLatino']),
  },
  {
    deliveryMethod: 2,
    gender: 1,
    race: encodeFlags(raceFlags, ['White']),
    ethnicity: encodeFlags(ethnicityFlags, ['HispanicOrLatino', 'Mexican']),
  },
  {
    deliveryMethod: 3,
    gender: 3,
    race: encodeFlags(raceFlags, ['NotProvided']),
    ethnicity: encodeFlags(ethnicityFlags, ['NotProvided']),
  },
];

/**
 * The worksheet dialogs of the demo: custom fields and promotions for some products of both lenders, and on
 * Summit's applications HMDA data for some applicants, follow-up items (some due), a received dealer packet,
 * a share from the officer to the Underwriters group, and two applications whose applicants share an e-mail
 * (so the Application Alerts dialog has something to show). Runs in the demo seed's transaction, as owner.
 */
export const seedWorksheetDialogDemo = async (tx: DbExecutor, now = new Date()) => {
  const lenderRows = await tx.select().from(lenders).orderBy(asc(lenders.id));
  for (const lender of lenderRows) await seedProductSetup(tx, lender, now);

  const summit = lenderRows.find((l) => l.name === 'Summit Federal Credit Union');
  if (!summit) return;
  const [officer] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'officer'));
  const officerId = officer?.id ?? null;
  const apps = (await listApplications(tx, summit.id)).filter((a) => !a.isBusinessLoan);
  const pick = (predicate: (a: (typeof apps)[number]) => boolean, nth = 0) => apps.filter(predicate)[nth];
  const history = (applicationId: number, action: string, description: string, entity: string) =>
    tx.insert(applicationHistory).values({
      lenderId: summit.id,
      applicationId,
      userId: officerId,
      action,
      description,
      entity,
      changes: [],
    });

  // HMDA data for the people on three applications in review.
  for (const [i, app] of apps
    .filter((a) => a.state === 'reviewed' || a.state === 'pending')
    .slice(0, 3)
    .entries()) {
    const people = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(
        and(
          eq(applicants.applicationId, app.id),
          eq(applicants.isBusiness, false),
          inArray(applicants.role, ['PRIMARY', 'CO_APPLICANT', 'CO_SIGNER']),
        ),
      )
      .orderBy(asc(applicants.sortOrder));
    if (people.length === 0) continue;
    await tx.insert(hmdaRecords).values(
      people.map((p, j) => ({
        lenderId: summit.id,
        applicationId: app.id,
        applicantId: p.id,
        ...hmdaSamples[(i + j) % hmdaSamples.length]!,
        dateProvided: isoDate(new Date(now.getTime() - (i + 1) * DAY_MS)),
        verificationStatement1: false,
        verificationStatement2: false,
        verificationStatement3: false,
        updatedByUserId: officerId,
      })),
    );
    await history(app.id, historyActions.hmdaUpdated, `HMDA data updated for ${people.length} applicant(s)`, 'HMDA');
  }

  // Follow-up items: one overdue, one due today, one later, one completed.
  for (const app of apps.filter((a) => a.state === 'new' || a.state === 'pending').slice(0, 2)) {
    const items = [
      { description: 'Request proof of income from the primary applicant', days: -2, completed: false },
      { description: 'Call the dealer to confirm the stock number', days: 0, completed: false },
      { description: 'Verify insurance before funding', days: 7, completed: false },
      { description: 'Order the title search', days: -5, completed: true },
    ];
    // The Follow-up Due notifications (modules/applications/action-items/follow-up-alerts.ts) of the items due
    // already count as told today (the demo's bells start empty); the later one, and the daily one from tomorrow,
    // are told when their day comes.
    const today = isoDate(now);
    const tomorrow = isoDate(new Date(now.getTime() + DAY_MS));
    await tx.insert(actionItems).values(
      items.map((item, sortOrder) => {
        const alertDate = isoDate(new Date(now.getTime() + item.days * DAY_MS));
        const isDailyDelivery = sortOrder === 0;
        const told = !item.completed && item.days <= 0;
        return {
          lenderId: summit.id,
          applicationId: app.id,
          description: item.description,
          alertDate,
          completed: item.completed,
          completionDate: item.completed ? new Date(now.getTime() - DAY_MS) : null,
          isDailyDelivery,
          sortOrder,
          createdByUserId: officerId,
          lastAlertedOn: told ? today : null,
          nextAlertOn: item.completed ? null : told ? (isDailyDelivery ? tomorrow : null) : alertDate,
        };
      }),
    );
    await history(app.id, historyActions.followUpUpdated, `${items.length} follow-up item(s), 3 open`, 'FollowUp');
  }

  // A received dealer packet on an indirect loan.
  const indirect = pick((a) => !a.direct && (a.state === 'approved' || a.state === 'funded'));
  if (indirect) {
    const received = isoDate(new Date(now.getTime() - 3 * DAY_MS));
    await tx.update(applications).set({ packetReceivedDate: received }).where(eq(applications.id, indirect.id));
    await history(
      indirect.id,
      historyActions.dealerPacketUpdated,
      `Dealer packet received ${received}`,
      'DealerPacket',
    );
  }

  // The officer shares one of their applications with the Underwriters.
  const [underwriters] = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.lenderId, summit.id), eq(userGroups.name, 'Underwriters')));
  const shared =
    pick((a) => a.createdByUserId === officerId && a.state === 'pending') ?? pick((a) => a.state === 'pending');
  if (underwriters && shared) {
    await tx.insert(applicationShares).values({
      lenderId: summit.id,
      applicationId: shared.id,
      userGroupId: underwriters.id,
      createdByUserId: officerId,
    });
    await history(shared.id, historyActions.sharesUpdated, 'Shared with 1 user(s) or group(s)', 'Share');
  }

  // Two applications whose primary applicants share an e-mail (written in another case on the second).
  const first = pick((a) => a.state === 'approved', 1);
  const second = pick((a) => a.state === 'new', 3);
  if (first && second) {
    const primaryOf = async (applicationId: number) =>
      (
        await tx
          .select({ id: applicants.id })
          .from(applicants)
          .where(and(eq(applicants.applicationId, applicationId), eq(applicants.role, 'PRIMARY')))
      )[0];
    const [a, b] = [await primaryOf(first.id), await primaryOf(second.id)];
    if (a && b) {
      const next = (applicantId: number) =>
        sql<number>`(select coalesce(max(sort_order), -1) + 1 from applicant_emails where applicant_id = ${applicantId})`;
      for (const [applicant, email] of [
        [a, 'jordan.ellis.family@example.com'],
        [b, 'Jordan.Ellis.Family@example.com'],
      ] as const) {
        await tx
          .insert(applicantEmails)
          .values({ lenderId: summit.id, applicantId: applicant.id, sortOrder: next(applicant.id), email });
      }
    }
  }
};
