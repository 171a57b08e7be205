import Alert from '@mui/material/Alert';
import { adminRights, messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

/** /admin: the entry of the Administration area; its areas are listed in the side menu. */
export const AdminHomePage = () => {
  const { data: user } = useCurrentUser();
  const isAdmin = adminRights.some((right) => user?.rights.includes(right));
  return (
    <>
      <PageTitle>Administration</PageTitle>
      {isAdmin ? null : <Alert severity="error">{messages.errors.forbidden}</Alert>}
    </>
  );
};
