import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { ConfirmHost } from '../../lib/confirm.tsx';
import { TOAST_AUTO_CLOSE_MS, TOAST_TOP_PX } from '../../lib/toast.tsx';
import { appTheme } from './app-theme.ts';
import { createAppQueryClient } from './query-client.ts';

/**
 * Theme, query cache, toasts and the shared confirmation dialog. The ToastContainer and the dialog host
 * live here, above the router, so a toast survives navigation (e.g. the inactivity sign-out to /login).
 */
export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <ConfirmHost />
        <ToastContainer
          position="top-center"
          autoClose={TOAST_AUTO_CLOSE_MS}
          closeButton
          hideProgressBar={false}
          pauseOnHover
          pauseOnFocusLoss
          newestOnTop
          closeOnClick={false}
          draggable={false}
          theme="colored"
          style={{ zIndex: 2000, top: TOAST_TOP_PX }}
        />
      </QueryClientProvider>
    </ThemeProvider>
  );
};
