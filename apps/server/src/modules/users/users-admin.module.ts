import { usersEndpoints, usersResource, type ListQuery } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { usersAdminService } from './users-admin.service.ts';

/** Administration › Users (/admin/users): the resource verbs, the pickers' lists and the two e-mails. */
export const usersAdminModule: Module = {
  name: 'users-admin',
  register: (app, { db, config }) => {
    const service = usersAdminService(db, config);
    const e = usersResource.endpoints;
    // The fixed paths first (Fastify prefers static segments anyway; the order keeps the docs readable).
    registerEndpoint(app, usersEndpoints.system, (r) => service.system(r.auth));
    registerEndpoint(app, usersEndpoints.roles, (r) => service.roles(r.auth));
    registerEndpoint(app, usersEndpoints.setPassword, (r) => service.setPassword(r.body));
    registerEndpoint(app, e.list, (r) => service.list(r.auth, r.query as ListQuery));
    registerEndpoint(app, e.get, (r) => service.get(r.auth, r.params.id));
    registerEndpoint(app, e.create, (r) => service.create(r.auth, r.body));
    registerEndpoint(app, e.update, (r) => service.update(r.auth, r.params.id, r.body));
    registerEndpoint(app, e.enable, (r) => service.setEnabled(r.auth, r.params.id, true));
    registerEndpoint(app, e.disable, (r) => service.setEnabled(r.auth, r.params.id, false));
    registerEndpoint(app, usersEndpoints.passwordResetEmail, (r) =>
      service.sendEmail(r.auth, r.params.id, 'passwordReset'),
    );
    registerEndpoint(app, usersEndpoints.enrollmentEmail, (r) => service.sendEmail(r.auth, r.params.id, 'enrollment'));
  },
};
