import { Suspense } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { adminAreas, messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ResourceListPage } from './kit/resource-list-page.tsx';
import { findAdminArea } from './registry.ts';

/**
 * /admin/<area>: the registry's area — the generic list and form of a declared resource, or the area's own page —
 * behind the area's right. Areas not built yet show their title. /admin/<area>/edit/<id> opens a resource area's
 * editor on that record (spec 2 §2: /admin/loanPolicyWorkflows/edit/{id}).
 */
export const AdminAreaPage = () => {
  const { '*': splat = '' } = useParams();
  const { data: user } = useCurrentUser();
  const path = splat.replace(/\/+$/, '');
  // /admin/<area>/edit/<id>, or /admin/<area>/<id> (spec 2 §2: /admin/loanFormDictionaryFields/{id}).
  const editRoute = /^(.+?)\/(?:edit\/)?(\d+)$/.exec(path);
  const routed = editRoute ? findAdminArea(editRoute[1]!) : undefined;
  const editId = routed?.kind === 'resource' ? editRoute![2]! : null;
  const key = editId ? editRoute![1]! : path;
  const entry = findAdminArea(key);
  const area = adminAreas.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
  if (!area && !entry) return <NotFoundPage />;
  const title = entry?.title ?? area!.title;
  const right = entry?.right ?? area!.right;
  if (entry?.kind === 'resource') return <ResourceListPage key={entry.key} area={entry} editId={editId} />;
  if (!hasRight(user, right) && !(entry?.kind === 'page' && entry.ownForbidden)) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }
  if (entry?.kind === 'page') {
    return (
      <Suspense fallback={null}>
        <entry.Page />
      </Suspense>
    );
  }
  return <PageTitle>{title}</PageTitle>;
};
