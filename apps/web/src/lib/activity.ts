/**
 * The time of the user's last activity, shared by every tab of the browser through localStorage so that
 * working in one tab keeps the others signed in too.
 */
const LAST_ACTIVITY_KEY = 'credence.lastActivity';
let localLast = Date.now();

export const markActivity = (at: number = Date.now()): void => {
  localLast = at;
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Not shared between tabs then; the local value still works.
  }
};

export const getLastActivity = (): number => {
  let shared = 0;
  try {
    shared = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    shared = 0;
  }
  return Math.max(localLast, shared);
};
