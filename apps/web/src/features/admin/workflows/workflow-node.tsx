import { memo, useEffect } from 'react';
import { Handle, Position, useUpdateNodeInternals, type Node, type NodeProps } from '@xyflow/react';
import Box from '@mui/material/Box';
import type { WorkflowNodeType } from '@credence/contracts';
import { edgeFieldsOf, edgeLabels, nodeTypeLabels, NODE_WIDTH, type EdgeField } from './workflow-graph.ts';

export type WorkflowNodeData = {
  name: string;
  type: WorkflowNodeType | 'start';
  summary: string;
  /** The outcome's name, for its colour. */
  outcome?: string;
  /** The run's step on this node ('pass · row 3'), when a run is shown. */
  badge?: string | null;
  /** A run is shown and did not reach this node. */
  dimmed?: boolean;
  /** A problem of the last save names it. */
  problem?: boolean;
  /** The run ended here. */
  ended?: boolean;
  /** The first edge leaves on the right and the second at the bottom (the first leads beside the node). */
  swapHandles?: boolean;
};
export type FlowNode = Node<WorkflowNodeData, 'workflow'>;

export const edgeColors: Record<EdgeField | 'start', string> = {
  onPass: '#2e7d32',
  onFail: '#c62828',
  next: '#546e7a',
  onNoMatch: '#ef6c00',
  start: '#1565c0',
};

const outcomeColor = (outcome: string | undefined) =>
  outcome === 'Approve' || outcome === 'Within Policy' ? '#2e7d32' : outcome === 'Decline' ? '#c62828' : '#ef6c00';

const accent = (data: WorkflowNodeData) =>
  data.type === 'start'
    ? '#1565c0'
    : data.type === 'outcome'
      ? outcomeColor(data.outcome)
      : data.type === 'metricCondition' || data.type === 'factCondition'
        ? '#5e35b1'
        : data.type === 'setValue'
          ? '#00838f'
          : '#37474f';

/** Source handles: the first edge at the bottom, the second on the right, each with its word. */
const handleSpots: Position[] = [Position.Bottom, Position.Right];

/**
 * A node of the canvas: its type and name, what it does in a line, its run step when a run is shown; its edges
 * leave from labelled handles (pass / fail, next / no match).
 */
export const WorkflowNodeView = memo(function WorkflowNodeView({ data, selected, id }: NodeProps<FlowNode>) {
  const edges = data.type === 'start' ? [] : edgeFieldsOf(data.type);
  const color = accent(data);
  // Handles that change sides are measured again.
  const updateInternals = useUpdateNodeInternals();
  useEffect(() => updateInternals(id), [id, data.swapHandles, updateInternals]);
  return (
    <Box
      data-testid="workflow-node"
      data-node-id={id}
      data-node-name={data.name}
      data-state={data.problem ? 'problem' : data.badge ? 'taken' : data.dimmed ? 'dimmed' : 'idle'}
      sx={{
        width: data.type === 'start' ? 110 : NODE_WIDTH,
        minHeight: data.type === 'start' ? 34 : 50,
        bgcolor: data.problem ? '#fdecea' : data.badge ? '#e8f5e9' : 'background.paper',
        border: 1,
        borderColor: data.problem ? '#d32f2f' : data.badge ? '#2e7d32' : selected ? 'primary.main' : 'grey.400',
        borderLeft: `5px solid ${color}`,
        borderRadius: 1.5,
        boxShadow: selected ? '0 0 0 2px rgba(25,118,210,.45)' : data.ended ? '0 0 0 3px rgba(46,125,50,.35)' : 1,
        opacity: data.dimmed ? 0.45 : 1,
        px: 1,
        py: 0.5,
        fontSize: 12,
        lineHeight: 1.3,
        position: 'relative',
      }}
    >
      {data.type !== 'start' ? (
        <>
          <Handle type="target" id="top" position={Position.Top} />
          <Handle type="target" id="left" position={Position.Left} style={{ opacity: 0, width: 6, height: 6 }} />
        </>
      ) : null}
      {data.type === 'start' ? (
        <Box sx={{ fontWeight: 700, color, textAlign: 'center', lineHeight: '24px' }}>Start</Box>
      ) : (
        <>
          <Box sx={{ fontSize: 10, textTransform: 'uppercase', letterSpacing: 0.4, color }}>
            {nodeTypeLabels[data.type]}
          </Box>
          <Box
            sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={data.name}
          >
            {data.name}
          </Box>
          <Box
            sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={data.summary}
          >
            {data.summary}
          </Box>
          {data.badge ? (
            <Box
              data-testid="workflow-node-step"
              sx={{
                mt: 0.25,
                color: '#1b5e20',
                fontWeight: 600,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
              title={data.badge}
            >
              ▶ {data.badge}
            </Box>
          ) : null}
        </>
      )}
      {data.type === 'start' ? (
        <Handle
          type="source"
          id="start"
          position={Position.Bottom}
          style={{ background: edgeColors.start, width: 10, height: 10 }}
        />
      ) : null}
      {edges.map(({ field }, i) => (
        <Handle
          key={field}
          type="source"
          id={field}
          position={handleSpots[data.swapHandles ? 1 - i : i]!}
          title={`${edgeLabels[field]} edge`}
          style={{ background: edgeColors[field], width: 10, height: 10 }}
        />
      ))}
    </Box>
  );
});

export const flowNodeTypes = { workflow: WorkflowNodeView };
