import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  autoApprovalOutcomes,
  booleanFacts,
  comparisonOperators,
  metricLabel,
  metricTypes,
  policyValueFields,
  POLICY_DECIMAL_PATTERN,
  type MatrixType,
  type Workflow,
  type WorkflowNode,
} from '@credence/contracts';
import { edgeFieldsOf, edgeLabels, edgeTarget, nodeTypeLabels, type DraftNode } from './workflow-graph.ts';

export type Choice = { id: string; name: string; matrixType?: MatrixType | null };

/** The matrix area of each type (spec 2 §2 /admin/matrices/<type>). */
const matrixAreaOf: Record<MatrixType, string> = {
  LoanLimit: 'matrices/loanLimits',
  Fees: 'matrices/fees',
  Rate: 'matrices/additionalRates',
  PassFail: 'matrices/passFail',
};

const decimalHelp = (value: string) =>
  POLICY_DECIMAL_PATTERN.test(value) ? undefined : 'A number such as 50 or 45.5 (up to 4 decimals)';

/**
 * The selected node's fields: its name and what it checks, looks up, sets or ends in. A matrix node links to the
 * matrix editor, which returns to this workflow after its save (`returnTo`).
 */
export const NodePanel = ({
  node,
  kind,
  nodes,
  matrices,
  tierSets,
  termSets,
  returnTo,
  onChange,
  onDelete,
}: {
  node: DraftNode;
  kind: Workflow['kind'];
  nodes: readonly DraftNode[];
  matrices: readonly Choice[];
  tierSets: readonly Choice[];
  termSets: readonly Choice[];
  /** The workflow's own route (null until it is saved). */
  returnTo: string | null;
  onChange: (node: DraftNode) => void;
  onDelete: () => void;
}) => {
  const set = (patch: Partial<Record<string, unknown>>) => onChange({ ...node, ...patch } as WorkflowNode);
  const nameOf = (id: string) => nodes.find((n) => n.id === id)?.name ?? '—';
  const field = { size: 'small' as const, fullWidth: true };

  const matrixField = (type: 'matrixLookup' | 'passFailMatrix', matrixId: string) => {
    const own = matrices.filter((m) =>
      type === 'passFailMatrix' ? m.matrixType === 'PassFail' : m.matrixType !== 'PassFail',
    );
    const chosen = matrices.find((m) => m.id === matrixId);
    return (
      <>
        <TextField
          {...field}
          select
          label="Matrix"
          value={chosen ? matrixId : ''}
          onChange={(e) => set({ matrixId: e.target.value })}
          error={!chosen}
          helperText={!chosen ? 'Choose one of the lender’s matrices' : undefined}
        >
          {own.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        {chosen?.matrixType && returnTo ? (
          <Link
            component={RouterLink}
            to={`/admin/${matrixAreaOf[chosen.matrixType]}?edit=${chosen.id}&returnTo=${encodeURIComponent(returnTo)}`}
            variant="body2"
          >
            Edit matrix
          </Link>
        ) : null}
      </>
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="node-panel">
      <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
        {nodeTypeLabels[node.type]}
      </Typography>
      <TextField
        {...field}
        label="Node name"
        value={node.name}
        onChange={(e) => set({ name: e.target.value })}
        error={!node.name.trim() || nodes.some((n) => n.id !== node.id && n.name === node.name)}
        helperText={
          !node.name.trim()
            ? 'A node needs a name'
            : nodes.some((n) => n.id !== node.id && n.name === node.name)
              ? 'Another node has this name'
              : undefined
        }
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {node.type === 'metricCondition' ? (
        <>
          <TextField
            {...field}
            select
            label="Metric"
            value={node.metric}
            onChange={(e) => set({ metric: e.target.value })}
          >
            {metricTypes.map((m) => (
              <MenuItem key={m} value={m}>
                {metricLabel(m)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              size="small"
              select
              label="Operator"
              value={node.operator}
              onChange={(e) => set({ operator: e.target.value })}
              sx={{ width: 110 }}
            >
              {comparisonOperators.map((op) => (
                <MenuItem key={op} value={op}>
                  {op}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Value"
              value={node.value}
              onChange={(e) => set({ value: e.target.value.trim() })}
              error={Boolean(decimalHelp(node.value))}
              helperText={decimalHelp(node.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
            />
          </Box>
        </>
      ) : null}
      {node.type === 'factCondition' ? (
        <>
          <TextField {...field} select label="Fact" value={node.fact} onChange={(e) => set({ fact: e.target.value })}>
            {Object.entries(booleanFacts).map(([key, label]) => (
              <MenuItem key={key} value={key}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...field}
            select
            label="Passes when"
            value={node.equals ? 'yes' : 'no'}
            onChange={(e) => set({ equals: e.target.value === 'yes' })}
          >
            <MenuItem value="yes">the fact is true</MenuItem>
            <MenuItem value="no">the fact is false</MenuItem>
          </TextField>
        </>
      ) : null}
      {node.type === 'matrixLookup' || node.type === 'passFailMatrix' ? matrixField(node.type, node.matrixId) : null}
      {node.type === 'tierAssignment' ? (
        <TextField
          {...field}
          select
          label="Credit tier set"
          value={tierSets.some((s) => s.id === node.creditTierSetId) ? node.creditTierSetId : ''}
          onChange={(e) => set({ creditTierSetId: e.target.value })}
        >
          {tierSets.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {node.type === 'loanTermLookup' ? (
        <TextField
          {...field}
          select
          label="Loan term set"
          value={termSets.some((s) => s.id === node.loanTermSetId) ? node.loanTermSetId : ''}
          onChange={(e) => set({ loanTermSetId: e.target.value })}
        >
          {termSets.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {node.type === 'setValue' ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            select
            label="Sets"
            value={node.field}
            onChange={(e) => set({ field: e.target.value })}
            sx={{ width: 130 }}
          >
            {policyValueFields.map((f) => (
              <MenuItem key={f} value={f}>
                {f}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="To"
            value={node.value}
            onChange={(e) => set({ value: e.target.value })}
            error={node.field !== 'tier' && Boolean(decimalHelp(node.value))}
            helperText={node.field !== 'tier' ? decimalHelp(node.value) : undefined}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </Box>
      ) : null}
      {node.type === 'outcome' ? (
        <>
          {kind === 'autoApproval' ? (
            <TextField
              {...field}
              select
              label="Outcome"
              value={node.outcome}
              onChange={(e) => set({ outcome: e.target.value })}
            >
              {autoApprovalOutcomes.map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              {...field}
              label="Outcome"
              value={node.outcome}
              onChange={(e) => set({ outcome: e.target.value })}
              error={!node.outcome.trim()}
              helperText="Approve, ManualReview, Decline or the lender’s own outcome"
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
          )}
          <TextField
            {...field}
            label="Reason codes"
            value={(node.reasonCodes ?? []).join(', ')}
            onChange={(e) =>
              set({
                reasonCodes: e.target.value
                  .split(',')
                  .map((c) => c.trim())
                  .filter(Boolean),
              })
            }
            helperText="Separated by commas"
          />
        </>
      ) : null}
      {edgeFieldsOf(node.type).length > 0 ? (
        <Box>
          <Typography variant="caption" color="text.secondary">
            Edges (drag from a handle of the node to another node)
          </Typography>
          {edgeFieldsOf(node.type).map(({ field: edge, optional }) => (
            <Typography key={edge} variant="body2">
              {edgeLabels[edge]} →{' '}
              {edgeTarget(node, edge) ? nameOf(edgeTarget(node, edge)) : optional ? 'next (default)' : 'not connected'}
            </Typography>
          ))}
        </Box>
      ) : null}
      <Button color="error" variant="outlined" size="small" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
        Delete node
      </Button>
    </Box>
  );
};
