import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import type { TenantTx } from '../tenancy.ts';
import {
  applicants,
  applicationDecisions,
  applicationFiles,
  applicationFundingRequirementFiles,
  applicationFundingRequirements,
  applicationHistory,
  applications,
  userLenders,
  users,
} from '../schema/index.ts';
import { postgresFileStore } from '../../platform/file-store.ts';
import { renderPdf } from '../../platform/pdf.ts';
import {
  carryRequirementsToApplication,
  refreshRequirementsOutstanding,
} from '../../modules/applications/funding-requirements/funding-requirements.service.ts';

/* ------------------------------------------------------------------------------------------ a tiny PNG */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A small insurance card as a PNG (RGB, 360 × 220): a navy header band, a white card with grey "text" bars and a
 * green stamp — enough for the preview to show an image. Built with zlib only (no image library).
 */
export const insuranceCardPng = (seed: number): Buffer => {
  const width = 360;
  const height = 220;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      let rgb: [number, number, number] = [250, 250, 252];
      if (y < 44) rgb = [26, 58, 92];
      else if (
        [70, 96, 122, 148].some(
          (top, i) => y >= top && y < top + 10 && x >= 24 && x < 24 + 200 - i * 30 - (seed % 3) * 10,
        )
      )
        rgb = [170, 176, 186];
      else if ((x - 292) ** 2 + (y - 160) ** 2 < 30 ** 2) rgb = [46, 125, 50];
      if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) rgb = [26, 58, 92];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A one-page "Proof of insurance" PDF for the demo (pdfmake, the house PDF). */
export const proofOfInsurancePdf = (applicationId: number, insured: string) =>
  renderPdf({
    title: 'Proof of insurance',
    footer: `Application ${applicationId}`,
    content: [
      { text: 'Evidence of Insurance', style: 'title' },
      { text: 'Granite Mutual Insurance Company', style: 'section' },
      {
        table: {
          widths: ['35%', '65%'],
          body: [
            ['Named insured', insured],
            ['Policy number', `GMI-${String(700000 + applicationId)}`],
            ['Coverage', 'Comprehensive and collision, $500 deductible'],
            ['Loss payee', 'The lender, its successors and assigns (ISAOA/ATIMA)'],
            ['Effective', 'Twelve months from the contract date'],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: 'This evidence is provided for the demo of the requirements worksheet.',
        style: 'muted',
        margin: [0, 12, 0, 0],
      },
    ],
  });

const contentOf = (bytes: Buffer) => ({
  size: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  chunks: async function* () {
    yield bytes;
  },
});

/** How many demo applications of each lender get documents. */
const DEMO_WITH_FILES = 6;

/**
 * The funding requirements demo (issue 14), for one lender, after the decisions seed (seedDecisionDemo) and after
 * the product funding requirements (seedFundingAdmin), as the owner in the demo seed's transaction:
 * 1. every approved or counter-offered application gets the product requirements its decision would have carried
 *    had they existed then (deduplicated by description);
 * 2. the first applications with stipulations get a generated "Proof of insurance" PDF (and every other one an
 *    insurance card PNG), stored through the app's file store, linked to their first stipulation; then in turn
 *    all stipulations received (stays in Requirements), all cleared (moves to Funding when direct or the packet
 *    is in), or left outstanding — with history rows, the flag recomputed.
 */
export const seedFundingRequirementFiles = async (tx: DbExecutor, lenderId: number) => {
  // The seed runs as the owner: the tenant-typed helpers take its transaction as it is (no RLS to enter).
  const asTenant = tx as unknown as TenantTx;
  const [actor] = await tx
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .innerJoin(userLenders, and(eq(userLenders.userId, users.id), eq(userLenders.lenderId, lenderId)))
    .where(ne(users.username, 'expired'))
    .orderBy(asc(users.id))
    .limit(1);
  const decided = await tx
    .select({ id: applications.id, loanProductId: applications.loanProductId })
    .from(applications)
    .where(and(eq(applications.lenderId, lenderId), inArray(applications.state, ['approved', 'counteroffer'])))
    .orderBy(asc(applications.id));

  for (const application of decided) {
    const [latest] = await tx
      .select({ id: applicationDecisions.id })
      .from(applicationDecisions)
      .where(
        and(eq(applicationDecisions.applicationId, application.id), eq(applicationDecisions.entryKind, 'decision')),
      )
      .orderBy(desc(applicationDecisions.version))
      .limit(1);
    if (!latest) continue;
    await carryRequirementsToApplication(asTenant, {
      applicationId: application.id,
      loanProductId: application.loanProductId,
      decisionId: latest.id,
      stipulations: [],
      userId: actor?.id ?? null,
    });
  }

  let seeded = 0;
  for (const application of decided) {
    if (seeded >= DEMO_WITH_FILES) break;
    const requirements = await tx
      .select({ id: applicationFundingRequirements.id, description: applicationFundingRequirements.description })
      .from(applicationFundingRequirements)
      .where(
        and(
          eq(applicationFundingRequirements.applicationId, application.id),
          eq(applicationFundingRequirements.status, 'outstanding'),
        ),
      )
      .orderBy(asc(applicationFundingRequirements.sortOrder), asc(applicationFundingRequirements.id));
    if (requirements.length === 0) continue;
    const [primary] = await tx
      .select({ firstName: applicants.firstName, lastName: applicants.lastName })
      .from(applicants)
      .where(eq(applicants.applicationId, application.id))
      .orderBy(asc(applicants.id))
      .limit(1);
    const insured = primary ? `${primary.firstName ?? ''} ${primary.lastName ?? ''}`.trim() : 'The borrower';

    // The proof of insurance goes with the insurance stipulation when there is one, else with the first.
    const target = requirements.find((r) => /insurance/i.test(r.description)) ?? requirements[0]!;
    const documents: { name: string; fileName: string; contentType: string; bytes: Buffer }[] = [
      {
        name: 'Proof of insurance',
        fileName: 'proof-of-insurance.pdf',
        contentType: 'application/pdf',
        bytes: await proofOfInsurancePdf(application.id, insured),
      },
    ];
    if (seeded % 2 === 0) {
      documents.push({
        name: 'Insurance card',
        fileName: 'insurance-card.png',
        contentType: 'image/png',
        bytes: insuranceCardPng(application.id),
      });
    }
    for (const document of documents) {
      const fileId = await postgresFileStore.put(asTenant, lenderId, contentOf(document.bytes));
      const [file] = await tx
        .insert(applicationFiles)
        .values({
          lenderId,
          applicationId: application.id,
          fileId,
          name: document.name,
          fileName: document.fileName,
          contentType: document.contentType,
          size: document.bytes.length,
          uploadedByUserId: actor?.id ?? null,
        })
        .returning({ id: applicationFiles.id });
      await tx.insert(applicationFundingRequirementFiles).values({
        lenderId,
        requirementId: target.id,
        applicationFileId: file!.id,
        attachedByUserId: actor?.id ?? null,
      });
    }
    await tx.insert(applicationHistory).values({
      lenderId,
      applicationId: application.id,
      userId: actor?.id ?? null,
      action: 'File uploaded',
      description: documents.map((d) => d.name).join(', '),
      entity: 'File',
      changes: [],
    });

    const status = (['received', 'cleared', 'outstanding'] as const)[seeded % 3]!;
    if (status !== 'outstanding') {
      const now = new Date();
      for (const r of requirements) {
        await tx
          .update(applicationFundingRequirements)
          .set({
            status,
            statusChangedAt: now,
            statusChangedByUserId: actor?.id ?? null,
            receivedAt: now,
            clearedAt: status === 'cleared' ? now : null,
            updatedAt: now,
          })
          .where(eq(applicationFundingRequirements.id, r.id));
        await tx.insert(applicationHistory).values({
          lenderId,
          applicationId: application.id,
          userId: actor?.id ?? null,
          action: 'Funding requirement status changed',
          description: `${r.description}: Outstanding → ${status === 'cleared' ? 'Cleared' : 'Received'}`,
          entity: 'FundingRequirement',
          changes: [
            {
              entity: 'FundingRequirement',
              entityId: r.id,
              property: 'status',
              oldValue: 'outstanding',
              newValue: status,
            },
          ],
        });
      }
    }
    await refreshRequirementsOutstanding(asTenant, application.id);
    seeded += 1;
  }
};
