import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  applyNodeChanges,
  Background,
  ControlButton,
  Controls,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import {
  adminMessages,
  autoApprovalWorkflowsResource,
  creditTierSetsResource,
  loanPolicyWorkflowsResource,
  loanTermSetsResource,
  matricesResource,
  messages,
  type PolicyRun,
  type RowOf,
  type Workflow,
  type WorkflowNodeType,
} from '@credence/contracts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { useLoanProducts } from '../../../lib/loan-products.ts';
import { useResourcePage, useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { usePolicyEditor } from '../kit/policy-editor.ts';
import { PolicyEditorActions } from '../kit/policy-editor-frame.tsx';
import type { EditorProps } from '../kit/types.ts';
import { NodePanel, type Choice } from './node-panel.tsx';
import { TestRunPanel } from './test-run-panel.tsx';
import {
  edgeFieldsOf,
  edgeLabels,
  edgeTarget,
  layoutWorkflow,
  localProblems,
  newNode,
  NODE_WIDTH,
  nodeSummary,
  nodeTypeLabels,
  nodeTypes,
  nodesOfProblems,
  type WorkflowProblem,
  START_ID,
  stepBadge,
  tracePath,
  withEdge,
  type DraftNode,
  type EdgeField,
} from './workflow-graph.ts';
import { edgeColors, flowNodeTypes, type FlowNode } from './workflow-node.tsx';

type WorkflowRecord = RowOf<typeof loanPolicyWorkflowsResource>;
type Kind = Workflow['kind'];

const areaKeys: Record<Kind, string> = { loanPolicy: 'loanPolicyWorkflows', autoApproval: 'autoApprovalWorkflow' };
const titles: Record<Kind, string> = { loanPolicy: 'Loan Policy Workflow', autoApproval: 'Auto-Approval Workflow' };
const DRAG_TYPE = 'application/x-credence-workflow-node';
const FIT = { padding: 0.06, minZoom: 0.4, maxZoom: 1 } as const;
/** The canvas's width / height as the layout sees it (the window's, before the canvas is drawn). */
const canvasAspect = (canvas: HTMLElement | null) => {
  const rect = canvas?.getBoundingClientRect();
  return rect && rect.height > 0
    ? rect.width / rect.height
    : Math.max(1, (window.innerWidth - 640) / Math.max(300, window.innerHeight - 320));
};
const allRows = { page: 1, pageSize: 500, sort: 'name', order: 'asc' } as const;

/** The canvas's nodes of a workflow: its saved positions, or a layout when any is missing. */
const initialFlowNodes = (startNodeId: string, nodes: readonly DraftNode[]): FlowNode[] => {
  const placed = nodes.length > 0 && nodes.every((n) => n.position);
  const layout = placed ? null : layoutWorkflow(startNodeId, nodes, canvasAspect(null));
  const first = nodes.find((n) => n.id === startNodeId);
  const startAt = placed
    ? { x: (first?.position?.x ?? 0) + 50, y: (first?.position?.y ?? 0) - 90 }
    : (layout?.get(START_ID) ?? { x: 50, y: 0 });
  return [
    {
      id: START_ID,
      type: 'workflow',
      position: startAt,
      data: { name: 'Start', type: 'start', summary: '' },
      deletable: false,
    },
    ...nodes.map((n): FlowNode => ({
      id: n.id,
      type: 'workflow',
      position: placed ? n.position! : (layout?.get(n.id) ?? { x: 0, y: 0 }),
      data: { name: n.name, type: n.type, summary: '' },
    })),
  ];
};

/** The first place at or below `at` where a new node overlaps none of the canvas's nodes. */
const freeSpot = (at: { x: number; y: number }, placed: readonly FlowNode[]) => {
  const spot = { ...at };
  while (placed.some((n) => Math.abs(n.position.x - spot.x) < NODE_WIDTH + 20 && Math.abs(n.position.y - spot.y) < 90))
    spot.y += 40;
  return spot;
};

/**
 * The workflow editor (issue 12, item 5; spec 2 §2 /admin/loanPolicyWorkflows/edit/{id},
 * /admin/autoApprovalWorkflow/edit/{id}): the workflow as a node graph — a palette adds nodes, edges are drawn
 * from a node's pass / fail / next / no-match handles, Delete removes what is selected, the side panel edits the
 * selected node; a workflow saved without positions is laid out automatically. Save Draft keeps a draft, Save
 * and Publish puts it in effect ('Workflow id: {id} saved'); the server's problems are listed above the canvas
 * and the nodes they name are marked. The test run runs the saved draft on an application and shows its path.
 */
const WorkflowEditorInner = ({ record, onClose, kind }: EditorProps<WorkflowRecord> & { kind: Kind }) => {
  const navigate = useNavigate();
  const flow = useReactFlow();
  const resource = kind === 'loanPolicy' ? loanPolicyWorkflowsResource : autoApprovalWorkflowsResource;
  const save = useSaveResource(resource);
  const [saved, setSaved] = useState<WorkflowRecord | null>(record);
  const [name, setName] = useState(record?.name ?? '');
  const [productIds, setProductIds] = useState<number[]>(record?.loanProductIds ?? []);
  const [nodes, setNodes] = useState<DraftNode[]>(() => record?.config.nodes ?? []);
  const [startNodeId, setStartNodeId] = useState(record?.config.startNodeId ?? '');
  const [flowNodes, setFlowNodes] = useState<FlowNode[]>(() =>
    initialFlowNodes(record?.config.startNodeId ?? '', record?.config.nodes ?? []),
  );
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const { saving, setSaving, problems, setProblems, allowNextNavigation, requestClose } = usePolicyEditor({
    dirty,
    onClose,
  });
  const [tab, setTab] = useState<'node' | 'run'>('node');
  const [run, setRun] = useState<PolicyRun | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  /** The positions are the editor's layout of a workflow saved without them, and nothing was moved or added. */
  const autoLaid = useRef(
    !(record?.config.nodes ?? []).every((n) => n.position) && (record?.config.nodes.length ?? 0) > 0,
  );

  const { data: products = [] } = useLoanProducts();
  const matrixPage = useResourcePage(matricesResource, allRows);
  const tierPage = useResourcePage(creditTierSetsResource, allRows);
  const termPage = useResourcePage(loanTermSetsResource, allRows);
  const matrices: Choice[] = useMemo(
    () => (matrixPage.data?.data ?? []).map((m) => ({ id: String(m.id), name: m.name, matrixType: m.matrixType })),
    [matrixPage.data],
  );
  const tierSets: Choice[] = useMemo(
    () => (tierPage.data?.data ?? []).map((s) => ({ id: String(s.id), name: s.name })),
    [tierPage.data],
  );
  const termSets: Choice[] = useMemo(
    () => (termPage.data?.data ?? []).map((s) => ({ id: String(s.id), name: s.name })),
    [termPage.data],
  );

  const changed = () => setDirty(true);
  useEffect(() => {
    if (dirty) autoLaid.current = false;
  }, [dirty]);
  const selectedId = flowNodes.find((n) => n.selected && n.id !== START_ID)?.id ?? null;
  const selected = nodes.find((n) => n.id === selectedId) ?? null;
  const path = useMemo(() => (run?.result ? tracePath(run.result.trace, startNodeId) : null), [run, startNodeId]);
  // The nodes the problems are on, by id (a renamed node stays marked).
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());

  const displayNodes = useMemo(() => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const names = {
      matrix: (id: string) => matrices.find((m) => m.id === id)?.name ?? `Matrix ${id}`,
      set: (id: string) => [...tierSets, ...termSets].find((s) => s.id === id)?.name ?? `Set ${id}`,
    };
    const at = new Map(flowNodes.map((n) => [n.id, n.position]));
    const beside = (a: string, b: string) => {
      const p = at.get(a);
      const q = at.get(b);
      return Boolean(p && q && q.x > p.x + 100 && Math.abs(q.y - p.y) < 40);
    };
    /** A check whose first edge leads beside it and its second below: the handles change sides. */
    const swapped = (node: DraftNode) => {
      const [first, second] = edgeFieldsOf(node.type);
      if (!first || !second) return false;
      const a = edgeTarget(node, first.field);
      const b = edgeTarget(node, second.field);
      return Boolean(a && b && beside(node.id, a) && !beside(node.id, b));
    };
    return flowNodes.map((fn): FlowNode => {
      if (fn.id === START_ID)
        return {
          ...fn,
          data: {
            name: 'Start',
            type: 'start',
            summary: '',
            dimmed: false,
            problem: !startNodeId && problems.length > 0,
          },
        };
      const node = byId.get(fn.id);
      if (!node) return fn;
      const step = path?.steps.get(node.id);
      return {
        ...fn,
        ariaLabel: `${nodeTypeLabels[node.type]}: ${node.name}`,
        data: {
          name: node.name,
          type: node.type,
          summary: nodeSummary(node, names),
          outcome: node.type === 'outcome' ? node.outcome : undefined,
          badge: step ? stepBadge(step) : null,
          dimmed: Boolean(path) && !step,
          problem: marked.has(node.id),
          ended: run?.result?.outcomeNodeId === node.id,
          swapHandles: swapped(node),
        },
      };
    });
  }, [flowNodes, nodes, matrices, tierSets, termSets, path, marked, run, startNodeId, problems.length]);

  const edges = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const at = new Map(flowNodes.map((n) => [n.id, n.position]));
    const near = (source: string, target: string) => {
      const a = at.get(source);
      const b = at.get(target);
      return !a || !b || (Math.abs(b.x - a.x) < 520 && Math.abs(b.y - a.y) < 320);
    };
    /** The target sits to the right of the source, on its row: the edge enters it from the left. */
    const besideOf = (source: string, target: string) => {
      const a = at.get(source);
      const b = at.get(target);
      return Boolean(a && b && b.x > a.x + 100 && Math.abs(b.y - a.y) < 40);
    };
    const list: Edge[] = [];
    const style = (color: string, taken: boolean) => ({
      style: { stroke: taken ? '#2e7d32' : color, strokeWidth: taken ? 3 : 1.5, opacity: path && !taken ? 0.35 : 1 },
      markerEnd: { type: MarkerType.ArrowClosed, color: taken ? '#2e7d32' : color, width: 16, height: 16 },
      animated: taken,
    });
    if (startNodeId && ids.has(startNodeId)) {
      const id = `${START_ID}>start`;
      list.push({
        id,
        source: START_ID,
        sourceHandle: 'start',
        target: startNodeId,
        targetHandle: 'top',
        selected: selectedEdge === id,
        ...style(edgeColors.start, Boolean(path?.edges.has(`${START_ID}>${startNodeId}`))),
      });
    }
    for (const node of nodes)
      for (const { field } of edgeFieldsOf(node.type)) {
        const target = edgeTarget(node, field);
        if (!target || !ids.has(target)) continue;
        const id = `${node.id}>${field}`;
        list.push({
          id,
          source: node.id,
          sourceHandle: field,
          target,
          targetHandle: besideOf(node.id, target) ? 'left' : 'top',
          // A long edge (to the next band of the layout) goes unlabelled: its label would sit on other nodes.
          label: near(node.id, target) ? edgeLabels[field] : undefined,
          labelStyle: { fontSize: 11, fill: edgeColors[field], fontWeight: 600 },
          labelBgPadding: [4, 2],
          labelBgStyle: { fill: '#fff' },
          selected: selectedEdge === id,
          ...style(edgeColors[field], Boolean(path?.edges.has(`${node.id}>${target}`))),
        });
      }
    return list;
  }, [nodes, startNodeId, selectedEdge, path, flowNodes]);

  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    setFlowNodes((current) => applyNodeChanges(changes, current));
    const removed = changes.filter((c) => c.type === 'remove').map((c) => c.id);
    if (changes.some((c) => c.type === 'position' && c.dragging)) setDirty(true);
    if (removed.length > 0) {
      setNodes((current) =>
        current
          .filter((n) => !removed.includes(n.id))
          .map((n) =>
            edgeFieldsOf(n.type).reduce(
              (node, { field }) => (removed.includes(edgeTarget(node, field)) ? withEdge(node, field, null) : node),
              n,
            ),
          ),
      );
      setStartNodeId((current) => (removed.includes(current) ? '' : current));
      setDirty(true);
    }
    if (changes.some((c) => c.type === 'select' && c.selected)) setTab('node');
  }, []);

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    for (const change of changes) {
      if (change.type === 'select')
        setSelectedEdge((current) => (change.selected ? change.id : current === change.id ? null : current));
      if (change.type === 'remove') {
        const at = change.id.lastIndexOf('>');
        const source = change.id.slice(0, at);
        const field = change.id.slice(at + 1) as EdgeField;
        if (source === START_ID) setStartNodeId('');
        else setNodes((current) => current.map((n) => (n.id === source ? withEdge(n, field, null) : n)));
        setDirty(true);
      }
    }
  }, []);

  const onConnect = useCallback((connection: Connection) => {
    const { source, target, sourceHandle } = connection;
    if (!target || target === START_ID || source === target) return;
    if (source === START_ID) setStartNodeId(target);
    else
      setNodes((current) => current.map((n) => (n.id === source ? withEdge(n, sourceHandle as EdgeField, target) : n)));
    setDirty(true);
  }, []);

  /** A new node goes under the Start node, not above it. */
  const belowStart = (spot: { x: number; y: number }) => {
    const start = flowNodes.find((n) => n.id === START_ID)?.position;
    return start && spot.y < start.y + 90 ? { x: start.x - 45, y: start.y + 90 } : spot;
  };
  const addNode = (type: WorkflowNodeType, at?: { x: number; y: number }) => {
    const rect = canvasRef.current?.getBoundingClientRect();
    const position =
      at ??
      freeSpot(
        belowStart(
          flow.screenToFlowPosition({
            x: (rect?.left ?? 0) + (rect?.width ?? 600) / 2 - 100,
            y: (rect?.top ?? 0) + 40,
          }),
        ),
        flowNodes,
      );
    const node = newNode(type, nodes, kind, position);
    setNodes((current) => [...current, node]);
    setFlowNodes((current) => [
      ...current.map((n) => (n.selected ? { ...n, selected: false } : n)),
      {
        id: node.id,
        type: 'workflow',
        position,
        selected: true,
        data: { name: node.name, type: node.type, summary: '' },
      },
    ]);
    setTab('node');
    setDirty(true);
  };

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(DRAG_TYPE) as WorkflowNodeType;
    if (!nodeTypes.includes(type)) return;
    event.preventDefault();
    const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    addNode(type, { x: at.x - 100, y: at.y - 25 });
  };

  const updateNode = (node: DraftNode) => {
    setNodes((current) => current.map((n) => (n.id === node.id ? node : n)));
    setDirty(true);
  };
  const deleteSelected = () => {
    if (selectedId) void flow.deleteElements({ nodes: [{ id: selectedId }] });
  };

  const returnTo = saved ? `/admin/${areaKeys[kind]}/edit/${saved.id}` : null;

  /** Lists the problems (each message once) and marks the nodes they are on. */
  const showProblems = (list: readonly WorkflowProblem[]) => {
    setProblems([...new Set(list.map((p) => p.message))]);
    setMarked(nodesOfProblems(list));
  };

  const onSave = async (publish: boolean, effectiveAt: string | null) => {
    const local: WorkflowProblem[] = [
      ...(name.trim() ? [] : [{ message: 'The workflow needs a name.', field: 'name' }]),
      ...nodes
        .filter((n) => !n.name.trim())
        .map((n) => ({ message: 'Every node needs a name.', field: `config.nodes[${n.id}].name` })),
      ...localProblems(startNodeId, nodes),
    ];
    if (local.length > 0) {
      showProblems(local);
      return;
    }
    setSaving(publish ? 'publish' : 'draft');
    const positions = new Map(flowNodes.map((n) => [n.id, n.position]));
    const config = {
      id: saved ? String(saved.id) : 'new',
      name: name.trim(),
      kind,
      loanProductIds: productIds,
      startNodeId,
      nodes: nodes.map((n) => {
        const at = positions.get(n.id) ?? { x: 0, y: 0 };
        return { ...n, name: n.name.trim(), position: { x: Math.round(at.x), y: Math.round(at.y) } };
      }),
    };
    try {
      const row = (await save.mutateAsync({
        id: saved?.id ?? null,
        input: {
          name: name.trim(),
          enabled: saved?.enabled ?? true,
          loanProductIds: productIds,
          publish,
          ...(publish && effectiveAt ? { effectiveAt } : {}),
          config,
        },
      })) as WorkflowRecord;
      setSaved(row);
      setDirty(false);
      showProblems([]);
      toasts.success('Success', adminMessages.policy.workflowSaved(row.id));
      if (!saved) {
        allowNextNavigation();
        void navigate(`/admin/${areaKeys[kind]}/edit/${row.id}`, { replace: true });
      }
    } catch (error) {
      if (isSessionError(error)) return;
      if (isApiError(error) && error.status === 422)
        showProblems(
          error.errors.length > 0
            ? error.errors
            : [{ message: error.serverMessage ?? messages.errors.validation, field: '' }],
        );
      else toasts.error(messages.errors.title, adminMessages.policy.apiError('saving the workflow'));
    } finally {
      setSaving(null);
    }
  };

  const layOut = () => {
    const layout = layoutWorkflow(startNodeId, nodes, canvasAspect(canvasRef.current));
    setFlowNodes((current) => current.map((n) => ({ ...n, position: layout.get(n.id) ?? n.position })));
  };
  const relayout = useRef(layOut);
  const nodeCount = useRef(nodes.length);
  useEffect(() => {
    relayout.current = layOut;
    nodeCount.current = nodes.length;
  });
  // The whole workflow stays in view when the window is resized.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // An empty workflow keeps its Start node at the top.
        if (nodeCount.current === 0) return;
        // A layout of the editor's own, untouched yet, is made again for the canvas's new shape.
        if (autoLaid.current) {
          relayout.current();
          timer = setTimeout(() => void flow.fitView(FIT), 60);
        } else void flow.fitView(FIT);
      }, 120);
    });
    observer.observe(canvas);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [flow]);

  /** Lays the nodes out again (layers from the start, wrapped to the canvas) and fits them in view. */
  const arrange = () => {
    layOut();
    setDirty(true);
    setTimeout(() => void flow.fitView({ ...FIT, duration: 200 }), 50);
  };

  const focusNode = (id: string) => {
    const node = flowNodes.find((n) => n.id === id);
    if (node)
      void flow.setCenter(node.position.x + 100, node.position.y + 30, {
        zoom: Math.max(flow.getZoom(), 0.9),
        duration: 300,
      });
  };

  return (
    <DialogFrame
      title={saved ? `Edit ${titles[kind]}: ${saved.name}` : `Add ${titles[kind]}`}
      width="96vw"
      onClose={() => void requestClose()}
      testId="workflow-editor"
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1.5, height: 'calc(100vh - 190px)' }}
      actions={
        <PolicyEditorActions
          record={saved}
          dirty={dirty}
          saving={saving}
          onCancel={() => void requestClose()}
          onSave={(publish, effectiveAt) => void onSave(publish, effectiveAt)}
          cancelText="Close"
          note={dirty ? ' · unsaved changes' : ''}
          canSaveDraft={dirty || saved === null}
        />
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', pt: 0.5 }}>
        <TextField
          size="small"
          label="Name"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            changed();
          }}
          error={problems.length > 0 && !name.trim()}
          sx={{ width: 360 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Autocomplete
          multiple
          size="small"
          options={products}
          getOptionLabel={(p) => p.name}
          value={products.filter((p) => productIds.includes(p.id))}
          onChange={(_event, value) => {
            setProductIds(value.map((p) => p.id));
            changed();
          }}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Loan products" />}
          sx={{ flex: 1, maxWidth: 640 }}
        />
      </Box>
      {problems.length > 0 ? (
        <Alert severity="error" data-testid="workflow-problems" sx={{ py: 0, maxHeight: 120, overflow: 'auto' }}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flex: 1, minHeight: 0 }}>
        <Box
          sx={{ width: 168, flexShrink: 0, display: 'flex', flexDirection: 'column', gap: 0.75, overflow: 'auto' }}
          role="toolbar"
          aria-label="Add a node"
        >
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
            Add a node
          </Typography>
          {nodeTypes.map((type) => (
            <Tooltip key={type} describeChild title="Click to add, or drag onto the canvas" placement="right">
              <Button
                size="small"
                variant="outlined"
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(DRAG_TYPE, type);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => addNode(type)}
                sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                startIcon={<AccountTreeIcon fontSize="small" />}
              >
                {nodeTypeLabels[type]}
              </Button>
            </Tooltip>
          ))}
          <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>
            Drag from a node’s coloured handle to another node to connect them. Select a node or an edge and press
            Delete to remove it.
          </Typography>
        </Box>
        <Box
          ref={canvasRef}
          sx={{ flex: 1, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, position: 'relative' }}
          data-testid="workflow-canvas"
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(DRAG_TYPE)) {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            }
          }}
          onDrop={onDrop}
        >
          <ReactFlow<FlowNode, Edge>
            nodes={displayNodes}
            edges={edges}
            nodeTypes={flowNodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={(c) => c.source !== c.target && c.target !== START_ID}
            deleteKeyCode={['Delete', 'Backspace']}
            fitView={nodes.length > 0}
            fitViewOptions={FIT}
            defaultViewport={{ x: 240, y: 30, zoom: 1 }}
            minZoom={0.2}
            maxZoom={1.5}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={20} size={1} />
            <Controls showInteractive={false}>
              <ControlButton onClick={arrange} title="Arrange the nodes" aria-label="Arrange the nodes">
                <AutoFixHighIcon />
              </ControlButton>
            </Controls>
          </ReactFlow>
        </Box>
        <Box
          sx={{
            width: 340,
            flexShrink: 0,
            display: 'flex',
            flexDirection: 'column',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            minHeight: 0,
          }}
        >
          <Tabs value={tab} onChange={(_event, value: 'node' | 'run') => setTab(value)} variant="fullWidth">
            <Tab value="node" label="Node" />
            <Tab value="run" label="Test run" />
          </Tabs>
          <Box sx={{ p: 1.5, overflow: 'auto', flex: 1, minHeight: 0 }}>
            {tab === 'node' ? (
              selected ? (
                <NodePanel
                  key={selected.id}
                  node={selected}
                  kind={kind}
                  nodes={nodes}
                  matrices={matrices}
                  tierSets={tierSets}
                  termSets={termSets}
                  returnTo={returnTo}
                  onChange={updateNode}
                  onDelete={deleteSelected}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Select a node to edit it, or add one from the palette. The Start node’s edge goes to the node the
                  workflow begins with.
                </Typography>
              )
            ) : (
              <TestRunPanel
                kind={kind}
                workflowId={saved?.id ?? null}
                unsaved={dirty}
                run={run}
                onRun={setRun}
                onStepClick={focusNode}
              />
            )}
          </Box>
        </Box>
      </Box>
    </DialogFrame>
  );
};

const WorkflowEditor = (props: EditorProps<WorkflowRecord> & { kind: Kind }) => (
  <ReactFlowProvider>
    <WorkflowEditorInner {...props} />
  </ReactFlowProvider>
);

const editors = new Map<Kind, ComponentType<EditorProps<WorkflowRecord>>>();
/** The editor of an area's workflows (a new workflow is of the area's kind). */
export const workflowEditor = (kind: Kind): ComponentType<EditorProps<WorkflowRecord>> => {
  let editor = editors.get(kind);
  if (!editor) {
    editor = (props: EditorProps<WorkflowRecord>) => <WorkflowEditor {...props} kind={kind} />;
    editors.set(kind, editor);
  }
  return editor;
};
