import {
  fundingRequirementDefinitionsResource,
  fundingRequirementDefinitionTexts,
  type FundingRequirementDefinition,
} from '@credence/contracts';
import { createElement } from 'react';
import { resourceArea } from '../kit/areas.ts';
import { LoanProductNames, UserGroupNames } from './name-cells.tsx';

/**
 * Administration › Funding Requirements (/admin/fundingRequirements): the stipulations each loan product requires
 * before funding, and who may clear them. The kit's list; an editor that loads the products and user groups.
 */
export const fundingRequirementsArea = resourceArea({
  key: 'fundingRequirements',
  resource: fundingRequirementDefinitionsResource,
  columns: [
    { field: 'description', header: 'Description', flex: 2 },
    {
      field: 'required',
      header: 'Required',
      flex: 0.6,
      text: (r: FundingRequirementDefinition) => (r.required ? 'Yes' : 'No'),
    },
    {
      field: 'loanProductIds',
      header: 'Loan Products',
      flex: 1.2,
      sortable: false,
      render: (r: FundingRequirementDefinition) => createElement(LoanProductNames, { ids: r.loanProductIds }),
    },
    {
      field: 'clearUserGroupIds',
      header: 'Groups Allowed to Clear',
      flex: 0.9,
      sortable: false,
      render: (r: FundingRequirementDefinition) => createElement(UserGroupNames, { ids: r.clearUserGroupIds }),
    },
    { field: 'sortOrder', header: 'Sort Order', flex: 0.5 },
  ],
  fields: [],
  texts: { saveFailed: fundingRequirementDefinitionTexts.saveFailed },
  editor: async () => (await import('./funding-requirement-editor.tsx')).FundingRequirementEditor,
});
