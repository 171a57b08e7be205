import type { matricesResource, RowOf } from '@credence/contracts';
import { formatDateTime } from '../../../lib/format.ts';

export type Versioned = Pick<
  RowOf<typeof matricesResource>,
  'version' | 'draftVersion' | 'scheduledVersion' | 'scheduledAt'
>;

/** 'v2', 'v2 · draft v3', 'Draft' (never published), 'v2 · v3 from 6/1/2026, 9:00 AM' (scheduled). */
export const versionText = (m: Versioned) =>
  [
    m.version === null ? (m.scheduledVersion === null ? 'Draft' : null) : `v${m.version}`,
    m.draftVersion !== null && m.version !== null ? `draft v${m.draftVersion}` : null,
    m.scheduledVersion !== null ? `v${m.scheduledVersion} from ${formatDateTime(m.scheduledAt)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
