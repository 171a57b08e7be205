import { createContext, useContext } from 'react';
import type { WorksheetInfo } from '@credence/contracts';

/** What every worksheet page of one application shares: the worksheet info and who may edit. */
export type WorksheetContextValue = {
  applicationId: number;
  info: WorksheetInfo | undefined;
  /** The signed-in user holds the application's lock: saving is allowed. */
  canEdit: boolean;
  /** Why saving is not allowed, for tooltips ('This application is locked by …'). */
  readOnlyReason: string | null;
  /** Read the worksheet info again (after a save or a lock conflict). */
  refreshInfo: () => void;
};

export const WorksheetContext = createContext<WorksheetContextValue | null>(null);

export const useWorksheet = (): WorksheetContextValue => {
  const value = useContext(WorksheetContext);
  if (!value) throw new Error('useWorksheet must be used inside a worksheet frame');
  return value;
};
