import { truthInLendingEndpoint } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { truthInLending } from './truth-in-lending.service.ts';

/** Tools › Truth in Lending (issue 41): one disclosure call for any signed-in user; nothing is stored. */
export const truthInLendingModule: Module = {
  name: 'truth-in-lending',
  register: (app) => registerEndpoint(app, truthInLendingEndpoint, ({ body }) => truthInLending(body)),
};
