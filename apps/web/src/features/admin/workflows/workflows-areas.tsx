import {
  autoApprovalWorkflowsResource,
  loanPolicyWorkflowsResource,
  adminMessages,
  type RowOf,
} from '@credence/contracts';
import { useLoanProducts } from '../../../lib/loan-products.ts';
import { resourceArea } from '../kit/areas.ts';
import { versionText } from '../kit/policy-version.ts';

type WorkflowRow = RowOf<typeof loanPolicyWorkflowsResource>;

/** The names of a workflow's loan products ('—' when it serves none). */
const ProductNames = ({ ids }: { ids: readonly number[] }) => {
  const { data: products = [] } = useLoanProducts();
  if (ids.length === 0) return <>—</>;
  return <>{ids.map((id) => products.find((p) => p.id === id)?.name ?? `#${id}`).join(', ')}</>;
};

const columns = [
  { field: 'name' as const, header: 'Name', flex: 1.4 },
  {
    field: 'loanProductIds' as const,
    header: 'Products',
    flex: 1.2,
    sortable: false,
    render: (w: WorkflowRow) => <ProductNames ids={w.loanProductIds} />,
  },
  {
    field: 'config' as const,
    id: 'nodeCount',
    header: 'Nodes',
    flex: 0.4,
    sortable: false,
    text: (w: WorkflowRow) => String(w.config.nodes.length),
  },
  { field: 'version' as const, header: 'Version', flex: 0.9, sortable: false, text: versionText },
];

const texts = {
  saveFailed: adminMessages.policy.apiError('saving the workflow'),
  enableFailed: adminMessages.policy.apiError('enabling the workflow'),
  disableFailed: adminMessages.policy.apiError('disabling the workflow'),
};

/**
 * Administration › Loan Policy Workflows (spec 2 §2 /admin/loanPolicyWorkflows) and the auto-approval workflows
 * (/admin/autoApprovalWorkflow, reached from the Decision Engine page): the kit's list, each opening the workflow
 * editor — a node graph with a test run — at /admin/<area>/edit/{id}.
 */
export const workflowAreas = [
  resourceArea({
    key: 'loanPolicyWorkflows',
    resource: loanPolicyWorkflowsResource,
    editRoute: true,
    columns,
    fields: [],
    texts,
    editor: async () => (await import('./workflow-editor.tsx')).workflowEditor('loanPolicy'),
  }),
  resourceArea({
    key: 'autoApprovalWorkflow',
    resource: autoApprovalWorkflowsResource,
    editRoute: true,
    columns: columns as never,
    fields: [],
    texts,
    editor: async () => (await import('./workflow-editor.tsx')).workflowEditor('autoApproval') as never,
  }),
];
