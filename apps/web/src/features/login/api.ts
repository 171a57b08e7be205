import { authEndpoints, messages, type LoginAnswer, type LoginRequest } from '@credence/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const login = (body: LoginRequest): Promise<LoginAnswer> =>
  callEndpoint(authEndpoints.login, { body }, { auth: false, authEvents: false });

/** Spec 1 §8: 401 has its own text; otherwise the server's text when present, else a connection failure. */
export const loginErrorText = (error: unknown): string => {
  if (isApiError(error)) {
    if (error.status === 401) return messages.login.unauthorized;
    if (error.status === 429) return error.serverMessage ?? messages.login.tooManyAttempts;
    if (error.serverMessage) return error.serverMessage;
  }
  return messages.login.connectionFailed;
};

export const passwordExpiryWarningText = messages.shell.passwordExpirationWarning;
