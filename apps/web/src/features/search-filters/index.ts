/** What other features may use of saved filters and queues (the queue page saves its filter and links to one). */
export { filterHref } from './filter-rows.tsx';
export { SearchFilterDialog } from './search-filter-dialog.tsx';
