import fastifyMultipart from '@fastify/multipart';
import { profileMessages, AVATAR_MAX_BYTES, errorBodySchema, messages, profileEndpoints } from '@credence/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import { createDataProtector } from '../../platform/crypto.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { multipartError } from '../../platform/multipart-errors.ts';
import * as service from './profile.service.ts';

/** Reads the one `avatar` file part into memory (at most AVATAR_MAX_BYTES); multipart failures are 4xx, never 500. */
const readAvatar = async (request: FastifyRequest): Promise<Buffer> => {
  try {
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.notMultipart);
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!part || part.fieldname !== 'avatar') {
      throw validationError([{ field: 'avatar', message: profileMessages.avatarMissing }]);
    }
    const content = await part.toBuffer();
    if (content.length === 0) throw validationError([{ field: 'avatar', message: profileMessages.avatarMissing }]);
    return content;
  } catch (error) {
    throw multipartError(error, {
      tooLarge: profileMessages.avatarTooLarge(`${AVATAR_MAX_BYTES / 1024 / 1024} MB`),
      tooMany: profileMessages.avatarOneOnly,
    });
  }
};

/** My Profile (spec 1 §2 'User Profile'): read, update (all or nothing, audited), avatar upload. */
export const registerProfileRoutes = (app: App, { db, config }: AppDeps) => {
  const deps: service.ProfileDeps = { db, config, protector: createDataProtector(config.dataEncryptionKey) };

  registerEndpoint(app, profileEndpoints.get, ({ auth }) => service.getProfile(deps, auth));
  registerEndpoint(app, profileEndpoints.update, ({ auth, body, raw }) =>
    service.updateProfile(deps, auth, body, raw.ip),
  );

  // Multipart parsing only for the avatar: registered in its own scope, as the application files' upload.
  const upload = profileEndpoints.uploadAvatar;
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES } });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: upload.method,
      url: upload.path,
      schema: {
        tags: [upload.tag],
        summary: upload.summary,
        response: {
          200: upload.response,
          400: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
      handler: async (request) => {
        const auth = authOf(request);
        return service.uploadAvatar(deps, auth, await readAvatar(request));
      },
    });
  });
};
