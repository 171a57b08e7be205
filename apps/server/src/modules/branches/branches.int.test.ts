import { branchesResource } from '@credence/contracts';
import { describeResource } from '../../test/resource-suite.ts';

const branch = {
  name: 'Lakewood',
  branchNumber: 'LKW-04',
  addressLine1: '7400 W Colfax Ave',
  addressLine2: null,
  city: 'Lakewood',
  state: 'CO',
  zip: '80214',
  phoneNumber: '3035550142',
};

describeResource(branchesResource, {
  valid: (name) => ({ ...branch, name }),
  invalid: [
    { input: { ...branch, name: '   ' }, fields: ['name'] },
    { input: { ...branch, zip: '802', state: 'ZZ', phoneNumber: '12' }, fields: ['phoneNumber', 'state', 'zip'] },
    { input: { ...branch, branchNumber: 'X'.repeat(21) }, fields: ['branchNumber'] },
  ],
  change: (input) => ({ ...input, branchNumber: 'LKW-05', city: 'Golden' }),
});
