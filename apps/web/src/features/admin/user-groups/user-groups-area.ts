import { userGroupsResource } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/** Administration › User Groups: the kit's list; an editor with the members picker. */
export const userGroupsArea = resourceArea({
  key: 'userGroups',
  resource: userGroupsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 2 },
    { field: 'memberCount', header: 'Members' },
  ],
  fields: [],
  editor: async () => (await import('./user-group-editor.tsx')).UserGroupEditor,
});
