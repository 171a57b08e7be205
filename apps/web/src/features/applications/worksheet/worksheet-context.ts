import { createContext, useContext } from 'react';
import type { WorksheetInfo } from '@credence/contracts';

/** What every worksheet page of one application shares: the worksheet info and who may edit. */
export type WorksheetContextValue = {
  applicationId: number;
  info: WorksheetInfo | undefined;
  /**
   * Editing is possible: nobody else holds the application's lock. Opening an edit dialog takes the lock
   * (`startEditing`); saving needs it.
   */
  canEdit: boolean;
  /** Why saving is not allowed, for tooltips ('This application is locked by …'). */
  readOnlyReason: string | null;
  /** Read the worksheet info again (after a save or a lock conflict). */
  refreshInfo: () => void;
  /**
   * The user starts editing (an edit dialog opens): the lock is taken unless already held; answers whether they
   * hold it (a refusal shows 'This application is locked by …').
   */
  startEditing: () => Promise<boolean>;
};

export const WorksheetContext = createContext<WorksheetContextValue | null>(null);

export const useWorksheet = (): WorksheetContextValue => {
  const value = useContext(WorksheetContext);
  if (!value) throw new Error('useWorksheet must be used inside a worksheet frame');
  return value;
};
