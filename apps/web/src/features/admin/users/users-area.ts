import { usersResource } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/** Administration › Users: the kit's list; a richer editor of its own (role, branch, groups, e-mails). */
export const usersArea = resourceArea({
  key: 'users',
  resource: usersResource,
  columns: [
    { field: 'username', header: 'Username' },
    { field: 'fullName', header: 'Full Name', flex: 1.3 },
    { field: 'email', header: 'Email', flex: 1.6 },
    { field: 'jobTitle', header: 'Job Title', flex: 1.2 },
    { field: 'branchName', header: 'Branch' },
    { field: 'roleName', header: 'Role' },
  ],
  fields: [],
  editor: async () => (await import('./user-editor.tsx')).UserEditor,
});
