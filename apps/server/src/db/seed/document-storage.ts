import { eq } from 'drizzle-orm';
import { createDataProtector } from '../../platform/crypto.ts';
import type { DbExecutor } from '../client.ts';
import { documentStorageProviders, lenders } from '../schema/index.ts';
import { SUMMIT } from './lender-names.ts';

/**
 * Summit's document storage (issue 37 item 4): its loan summaries exported on funding and signed contracts filed to
 * a directory of the storage root (`DOC_STORAGE_ROOT`, default `.data/doc-storage`: `summit/loan-documents`), by
 * member and application, with a sidecar of index fields — so the demo's first start files its seeded fundings'
 * summaries there. And an S3 archive set up but disabled (its endpoint is an example; the secret is the demo's).
 */
export const seedDocumentStorageDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const [summit] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, SUMMIT));
  if (!summit) return;
  const protector = createDataProtector(dataEncryptionKey);
  await tx.insert(documentStorageProviders).values([
    {
      lenderId: summit.id,
      name: 'Loan Document Share',
      providerType: 'FileSystem',
      uploadTypeIds: [8, 9],
      pathTemplate: '{memberNumber}/{applicationId}/{documentType}.pdf',
      fieldMappings: [
        { field: 'documentType', indexField: 'DocumentType' },
        { field: 'memberNumber', indexField: 'MemberNumber' },
        { field: 'loanId', indexField: 'LoanNumber' },
        { field: 'fundingDate', indexField: 'FundedDate' },
      ],
      rootDirectory: 'summit/loan-documents',
      enabled: true,
    },
    {
      lenderId: summit.id,
      name: 'Records Archive (S3)',
      providerType: 'S3',
      uploadTypeIds: [9],
      pathTemplate: 'loans/{fundingDate}/{applicationId}-{documentType}.pdf',
      fieldMappings: [
        { field: 'memberNumber', indexField: 'member-number' },
        { field: 'loanId', indexField: 'loan-id' },
        { field: 'filedDate', indexField: 'filed-date' },
      ],
      s3Endpoint: 'https://s3.us-west-2.amazonaws.com',
      s3Region: 'us-west-2',
      s3Bucket: 'summit-fcu-records',
      s3AccessKeyId: 'AKIADEMOSUMMIT000001',
      s3SecretAccessKey: protector.encrypt('demo-secret-not-a-real-key', 'document_storage.s3_secret'),
      s3ForcePathStyle: false,
      enabled: false,
    },
  ]);
};
