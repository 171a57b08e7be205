import { useEffect, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';

export const APP_NAME = 'Credence';

/** Sets document.title while mounted: 'Title - Credence', or exactly `title` when `exact`. */
export const useDocumentTitle = (title: string, exact = false): void => {
  useEffect(() => {
    const previous = document.title;
    document.title = exact ? title : `${title} - ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title, exact]);
};

type PageTitleProps = { children: string; actions?: ReactNode };

/** The page heading (h1) and the matching document title. */
export const PageTitle = ({ children, actions }: PageTitleProps) => {
  useDocumentTitle(children);
  return (
    <Typography
      variant="h5"
      component="h1"
      sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'space-between' }}
    >
      {children}
      {actions}
    </Typography>
  );
};
