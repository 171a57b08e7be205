import { lazy, Suspense } from 'react';
import { messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';

/** The dashboard and its widgets load only for those who see them (the shell's first load is on a size budget). */
const Dashboard = lazy(() => import('./dashboard-loader.ts').then((module) => module.loadDashboard()));

/** Home (spec 1 §2): the greeting, and the dashboard for users with the canViewDashboard right. */
export const HomePage = () => {
  const { data: user } = useCurrentUser();
  return (
    <>
      <PageTitle>{messages.home.greeting(user?.name ?? '')}</PageTitle>
      {hasRight(user, 'canViewDashboard') ? (
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      ) : null}
    </>
  );
};
