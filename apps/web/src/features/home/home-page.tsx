import { messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

/** Home (spec 1 §2): the greeting. The dashboard widgets come with their own issue. */
export const HomePage = () => {
  const { data: user } = useCurrentUser();
  return <PageTitle>{messages.home.greeting(user?.name ?? '')}</PageTitle>;
};
