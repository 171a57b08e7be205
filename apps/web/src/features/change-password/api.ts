import { authEndpoints, type ChangePasswordRequest } from '@credence/contracts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const changePassword = (body: ChangePasswordRequest) => callEndpoint(authEndpoints.changePassword, { body });
