import { changePasswordResponseSchema, type ChangePasswordRequest } from '@credence/contracts';
import { apiClient } from '../../lib/api-client.ts';

export const changePassword = (body: ChangePasswordRequest) =>
  apiClient.post('/api/user/changePassword', body, { schema: changePasswordResponseSchema });
