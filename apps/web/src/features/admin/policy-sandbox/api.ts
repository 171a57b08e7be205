import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { policyReplayEndpoints, type PolicyReplay, type StartReplayBody } from '@credence/contracts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

const running = (replay: PolicyReplay | undefined) => replay?.status === 'queued' || replay?.status === 'running';

/** GET /api/policyReplays/drafts: the objects with a draft the user may replay. */
export const useReplayableDrafts = () =>
  useQuery({
    queryKey: ['policyReplays', 'drafts'],
    queryFn: () => callEndpoint(policyReplayEndpoints.drafts, {}),
  });

/** GET /api/policyReplays?policyObjectId: the object's replays, newest first. */
export const useReplays = (policyObjectId: number | null) =>
  useQuery({
    queryKey: ['policyReplays', 'list', policyObjectId],
    queryFn: () =>
      callEndpoint(policyReplayEndpoints.list, {
        query: policyObjectId ? { policyObjectId: String(policyObjectId) } : {},
      }),
  });

/** GET /api/policyReplays/:id, polled every half second while the job runs (its progress), then kept. */
export const useReplay = (id: number | null) =>
  useQuery({
    queryKey: ['policyReplays', 'one', id],
    queryFn: () => callEndpoint(policyReplayEndpoints.get, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (query) => (running(query.state.data) ? 500 : false),
  });

/** POST /api/policyReplays: queues a replay (the job starts at once). */
export const useStartReplay = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartReplayBody) => callEndpoint(policyReplayEndpoints.start, { body }),
    // The page shows a refusal itself: the field's message and one toast.
    meta: { silentError: true },
    onSuccess: (replay) => {
      client.setQueryData(['policyReplays', 'one', replay.id], replay);
      void client.invalidateQueries({ queryKey: ['policyReplays', 'list'] });
    },
  });
};
