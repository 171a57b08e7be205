import { documentStorageResource } from '@credence/contracts';
import { describeResource } from '../../test/resource-suite.ts';

const fileSystem = {
  name: 'Share',
  providerType: 'FileSystem',
  uploadTypeIds: [9, 8],
  pathTemplate: '{memberNumber}/{applicationId}/{documentType}.pdf',
  fieldMappings: [
    { field: 'memberNumber', indexField: 'MemberNo' },
    { field: 'documentType', indexField: 'DocType' },
  ],
  rootDirectory: 'summit/loans',
  enabled: true,
};

describeResource(documentStorageResource, {
  valid: (name) => ({ ...fileSystem, name }),
  invalid: [
    { input: { ...fileSystem, name: '  ' }, fields: ['name'] },
    { input: { ...fileSystem, rootDirectory: '../../etc' }, fields: ['rootDirectory'] },
    { input: { ...fileSystem, pathTemplate: '/{applicationId}.pdf' }, fields: ['pathTemplate'] },
    { input: { ...fileSystem, pathTemplate: '{ssn}/{applicationId}.pdf' }, fields: ['pathTemplate'] },
    {
      input: {
        ...fileSystem,
        uploadTypeIds: [],
        fieldMappings: [
          { field: 'loanId', indexField: 'Key' },
          { field: 'applicationId', indexField: 'key' },
        ],
      },
      fields: ['fieldMappings', 'uploadTypeIds'],
    },
    {
      input: { ...fileSystem, providerType: 'S3', s3Endpoint: 'ftp://x', s3Bucket: 'A_B', s3SecretAccessKey: 's' },
      fields: ['s3AccessKeyId', 's3Bucket', 's3Endpoint', 's3Region'],
    },
    {
      input: {
        ...fileSystem,
        providerType: 'S3',
        s3Endpoint: 'https://s3.us-west-2.amazonaws.com',
        s3Region: 'us-west-2',
        s3Bucket: 'summit-docs',
        s3AccessKeyId: 'AKIAEXAMPLE',
      },
      fields: ['s3SecretAccessKey'],
    },
  ],
  change: (input) => ({ ...input, pathTemplate: '{applicationId}/{documentType}.pdf', uploadTypeIds: [9] }),
});
