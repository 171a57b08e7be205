import {
  documentStorageEndpoints,
  documentStorageResource,
  documentStorageTexts,
  mappableFields,
  type DocumentStorageProvider,
} from '@credence/contracts';
import { documentStorageProviders } from '../../db/schema/index.ts';
import type { Module } from '../../platform/app-types.ts';
import { crudModule } from '../../platform/crud.ts';
import { createDataProtector, type DataProtector } from '../../platform/crypto.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError } from '../../platform/errors.ts';
import { createFileStore } from '../../platform/file-store.ts';
import { registerJobQueue } from '../../platform/jobs.ts';
import { applicationContext } from '../applications/application-context.ts';
import * as service from './document-storage.service.ts';

type Stored = typeof documentStorageProviders.$inferSelect;

/** A stored provider as answered: the secret never, only whether one is set. */
const toRow = (p: Stored): DocumentStorageProvider => ({
  id: p.id,
  name: p.name,
  providerType: p.providerType as DocumentStorageProvider['providerType'],
  uploadTypeIds: p.uploadTypeIds,
  pathTemplate: p.pathTemplate,
  fieldMappings: p.fieldMappings as DocumentStorageProvider['fieldMappings'],
  rootDirectory: p.rootDirectory,
  s3Endpoint: p.s3Endpoint,
  s3Region: p.s3Region,
  s3Bucket: p.s3Bucket,
  s3AccessKeyId: p.s3AccessKeyId,
  s3ForcePathStyle: p.s3ForcePathStyle,
  hasS3SecretAccessKey: p.s3SecretAccessKey !== null,
  enabled: p.enabled,
});

/**
 * Administration › Document Storage (spec 2 §7 `lenderDocStorage/*`; issue 37 item 4): the kit's verbs on the
 * providers (every write audited; the S3 secret encrypted, kept when an update leaves it out, never answered), the
 * mappable fields, the filing statuses of an application, and the `document-filing` job queue.
 */
const providersModule = (protector: DataProtector) =>
  crudModule(documentStorageResource, {
    table: documentStorageProviders,
    toRow,
    toValues: (input) => {
      const fileSystem = input.providerType === 'FileSystem';
      const secret = input.s3SecretAccessKey?.trim() ?? '';
      return {
        name: input.name,
        providerType: input.providerType,
        uploadTypeIds: [...new Set(input.uploadTypeIds)].sort((a, b) => a - b),
        pathTemplate: input.pathTemplate,
        fieldMappings: input.fieldMappings,
        rootDirectory: fileSystem ? input.rootDirectory : null,
        s3Endpoint: fileSystem ? null : (input.s3Endpoint?.replace(/\/$/, '') ?? null),
        s3Region: fileSystem ? null : input.s3Region,
        s3Bucket: fileSystem ? null : input.s3Bucket,
        s3AccessKeyId: fileSystem ? null : input.s3AccessKeyId,
        s3ForcePathStyle: input.s3ForcePathStyle,
        // Left out: the stored secret stays.
        ...(fileSystem
          ? { s3SecretAccessKey: null }
          : secret !== ''
            ? { s3SecretAccessKey: protector.encrypt(secret, service.S3_SECRET_PURPOSE) }
            : {}),
        enabled: input.enabled,
      };
    },
    beforeWrite: (_ctx, values, existing) => {
      if (values.providerType === 'S3' && values.s3SecretAccessKey === undefined && !existing?.s3SecretAccessKey)
        throw fieldError('s3SecretAccessKey', documentStorageTexts.secretRequired);
    },
  });

export const documentStorageModule: Module = {
  name: documentStorageResource.name,
  register: (app, deps) => {
    const protector = createDataProtector(deps.config.dataEncryptionKey);
    const store = createFileStore(deps.config);
    const filing: service.FilingDeps = {
      db: deps.db,
      store,
      protector,
      base: service.documentStorageBase(deps.config),
    };
    registerJobQueue({
      name: service.DOCUMENT_FILING_QUEUE,
      due: service.hasDueFiling,
      work: async (_db, log) => void (await service.runDueFilings(filing, log)),
    });
    // Before providerDetails/:id (a static path).
    registerEndpoint(app, documentStorageEndpoints.mappableFields, () => Promise.resolve(mappableFields));
    const { open } = applicationContext(deps);
    registerEndpoint(app, documentStorageEndpoints.filings, (r) =>
      service.listDocumentFilings(open, r.auth, r.params.id),
    );
    providersModule(protector).register(app, deps);
  },
};
