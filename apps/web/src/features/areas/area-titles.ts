import { queueGridNames, queueTitles } from '@credence/contracts';

/**
 * The queue routes (spec 1 §2, document 3): every built-in queue and All Applications, at the root, each the
 * queue page (features/queues). Titles come from the contracts' `queueTitles`.
 */
export const queueAreas = queueGridNames.map((gridName) => ({ path: gridName, title: queueTitles[gridName] }));
