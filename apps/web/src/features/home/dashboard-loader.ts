/**
 * The dashboard's module, loaded in two steps: home-page imports this small module lazily, and it imports the
 * dashboard. The list of the dashboard's chunks to preload (about forty file names) then lives here, not in the
 * home page's chunk — which is part of the shell's first load and its size budget (scripts/size-budget.mjs).
 */
export const loadDashboard = () => import('./dashboard.tsx').then((module) => ({ default: module.Dashboard }));
