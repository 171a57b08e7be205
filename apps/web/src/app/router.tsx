import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { queueAreas } from '../features/areas/area-titles.ts';
import { CloseWindowPage } from '../features/system/close-window-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RequireSession, RequireSignIn } from './auth/require-session.tsx';
import { lazyPage } from './lazy-page.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';

/** Routes of spec 1 §2 (and the worksheet/queue paths of document 3, title-only until built). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      // Public
      { path: 'login', lazy: lazyPage(() => import('../features/login/login-page.tsx'), 'LoginPage') },
      { path: 'deploy', element: <Navigate to="/login" replace /> },
      { path: 'closeWindow', element: <CloseWindowPage /> },
      {
        path: 'setPassword',
        lazy: lazyPage(() => import('../features/set-password/set-password-page.tsx'), 'SetPasswordPage'),
      },
      {
        path: 'returnDocuSign',
        lazy: lazyPage(() => import('../features/docusign/return-docusign-page.tsx'), 'ReturnDocuSignPage'),
      },
      // A session is enough (an expired password may be changed here)
      {
        element: <RequireSession />,
        children: [
          {
            path: 'changePassword',
            lazy: lazyPage(() => import('../features/change-password/change-password-page.tsx'), 'ChangePasswordPage'),
          },
          // Signed in
          {
            element: <RequireSignIn />,
            errorElement: <RouteErrorPage />,
            children: [
              {
                element: <ShellLayout />,
                errorElement: <RouteErrorPage />,
                children: [
                  { index: true, element: <Navigate to="/home" replace /> },
                  { path: 'home', lazy: lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage') },
                  {
                    path: 'profile',
                    lazy: lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
                  },
                  { path: 'tools', lazy: lazyPage(() => import('../features/tools/tools-page.tsx'), 'ToolsPage') },
                  {
                    path: 'filters',
                    lazy: lazyPage(() => import('../features/search-filters/filters-page.tsx'), 'FiltersPage'),
                  },
                  {
                    path: 'tools/paymentCalculator',
                    lazy: lazyPage(
                      () => import('../features/tools/payment-calculator-redirect-page.tsx'),
                      'PaymentCalculatorRedirectPage',
                    ),
                  },
                  {
                    path: 'popup/paymentCalculator',
                    lazy: lazyPage(
                      () => import('../features/tools/payment-calculator-page.tsx'),
                      'PaymentCalculatorPage',
                    ),
                  },
                  {
                    path: 'admin',
                    lazy: lazyPage(() => import('../features/admin/admin-home-page.tsx'), 'AdminHomePage'),
                  },
                  {
                    path: 'admin/*',
                    lazy: lazyPage(() => import('../features/admin/admin-area-page.tsx'), 'AdminAreaPage'),
                  },
                  {
                    path: 'letters',
                    lazy: lazyPage(() => import('../features/letters/letters-page.tsx'), 'LettersPage'),
                  },
                  // The Reports area (issue 33): the list (/reports) and each report (/reports/pipeline), one lazy
                  // route; canViewReports guards both.
                  {
                    path: 'reports/:report?',
                    lazy: lazyPage(() => import('../features/reports/report-page.tsx'), 'ReportsRoute'),
                  },
                  // The File Export area (issue 33): canExportFiles guards it.
                  {
                    path: 'fileExport',
                    lazy: lazyPage(() => import('../features/file-export/file-export-page.tsx'), 'FileExportPage'),
                  },
                  // Worksheets (spec 3 §2): a new application, then the seven worksheets of one application.
                  {
                    path: 'application',
                    lazy: lazyPage(
                      () => import('../features/applications/new-application-page.tsx'),
                      'NewApplicationPage',
                    ),
                  },
                  {
                    lazy: lazyPage(
                      () => import('../features/applications/worksheet/worksheet-frame.tsx'),
                      'WorksheetFrame',
                    ),
                    children: [
                      {
                        path: 'application/:id',
                        lazy: lazyPage(
                          () => import('../features/applications/application-worksheet-page.tsx'),
                          'ApplicationWorksheetPage',
                        ),
                      },
                      {
                        path: 'credit/:id',
                        lazy: lazyPage(
                          () => import('../features/applications/credit/credit-worksheet-page.tsx'),
                          'CreditWorksheetPage',
                        ),
                      },
                      {
                        path: 'decision/:id',
                        lazy: lazyPage(
                          () => import('../features/applications/decision/decision-worksheet-page.tsx'),
                          'DecisionWorksheetPage',
                        ),
                      },
                      {
                        path: 'fundingRequirements/:id',
                        lazy: lazyPage(
                          () => import('../features/applications/funding-requirements/funding-requirements-page.tsx'),
                          'FundingRequirementsPage',
                        ),
                      },
                      {
                        path: 'fund/:id',
                        lazy: lazyPage(
                          () => import('../features/applications/funding/funding-worksheet-page.tsx'),
                          'FundingWorksheetPage',
                        ),
                      },
                      // Sales (not built) and the closing summary: one route entry in the shell's bundle; the
                      // page loads the closing summary on demand (the shell's size budget, issue 17).
                      ...['sales', 'closingSummary'].map((worksheet): RouteObject => ({
                        path: `${worksheet}/:id`,
                        lazy: lazyPage(
                          () => import('../features/applications/worksheet/worksheet-title-page.tsx'),
                          'WorksheetTitlePage',
                        ),
                      })),
                    ],
                  },
                  // Queues (My Queue … All Applications, saved filters and custom queues): one grid page.
                  ...queueAreas.map(({ path }): RouteObject => ({
                    path,
                    lazy: lazyPage(() => import('../features/queues/queue-page.tsx'), 'QueuePage'),
                  })),
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
