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
 * behind the area's right. Areas not built yet show their title.
 */
export const AdminAreaPage = () => {
  const { '*': splat = '' } = useParams();
  const { data: user } = useCurrentUser();
  const key = splat.replace(/\/+$/, '');
  const entry = findAdminArea(key);
  const area = adminAreas.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
  if (!area && !entry) return <NotFoundPage />;
  const title = entry?.title ?? area!.title;
  const right = entry?.right ?? area!.right;
  if (entry?.kind === 'resource') return <ResourceListPage key={entry.key} area={entry} />;
  if (!hasRight(user, right)) {
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
