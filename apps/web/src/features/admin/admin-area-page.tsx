import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { adminAreas, messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { NotFoundPage } from '../system/not-found-page.tsx';

/** /admin/<area>: the area's title (each area gets its screens in its own issue), behind the area's right. */
export const AdminAreaPage = () => {
  const { '*': splat = '' } = useParams();
  const { data: user } = useCurrentUser();
  const key = splat.replace(/\/+$/, '');
  const area = adminAreas.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
  if (!area) return <NotFoundPage />;
  if (!hasRight(user, area.right)) {
    return (
      <>
        <PageTitle>{area.title}</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }
  return <PageTitle>{area.title}</PageTitle>;
};
