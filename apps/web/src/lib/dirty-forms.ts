import { useEffect } from 'react';

/** Which mounted forms hold unsaved changes; read when the session ends for inactivity (spec 1 §4). */
const dirtyForms = new Set<symbol>();

export const hasDirtyForms = (): boolean => dirtyForms.size > 0;

/** Register the calling form as dirty while `isDirty` is true (and it is mounted). */
export const useDirtyForm = (isDirty: boolean): void => {
  useEffect(() => {
    if (!isDirty) return;
    const id = Symbol('dirty-form');
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [isDirty]);
};
