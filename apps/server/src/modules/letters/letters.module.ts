import {
  adverseLetterQuerySchema,
  factaLetterQuerySchema,
  idParamsSchema,
  letterFieldsEndpoint,
  letterMergeFields,
  letterPreviewEndpoint,
  lettersResource,
  ADVERSE_LETTER_PATH,
  FACTA_LETTER_ROUTE,
} from '@credence/contracts';
import { letterTemplates } from '../../db/schema/index.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createFileStore } from '../../platform/file-store.ts';
import { applicationContext } from '../applications/application-context.ts';
import * as service from './letters.service.ts';

const { enable, disable, ...kitEndpoints } = lettersResource.endpoints;

/** The headers of a printed letter: shown inline, never cached, and naming the application file it was kept as. */
const pdfHeaders = (letter: { fileName: string; appFileId: number }) => ({
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename="${letter.fileName}"`,
  'cache-control': 'no-store',
  'x-application-file-id': String(letter.appFileId),
});

/** The two letters of the decision worksheet (spec 3 §7), PDFs built here and kept among the application's files. */
const registerLetterRoutes = (app: App, deps: AppDeps) => {
  const ctx = { ...applicationContext(deps), fileStore: createFileStore(deps.config) };
  app.get(
    ADVERSE_LETTER_PATH,
    {
      config: { right: 'canDecisionALoan' },
      schema: {
        tags: ['letters'],
        summary:
          "The adverse action notice (Regulation B model form C-1) of a decline's applicant, as a PDF; attached to the application's files",
        querystring: adverseLetterQuerySchema,
      },
    },
    async (request, reply) => {
      const letter = await service.printAdverseLetter(ctx, authOf(request), request.query);
      return reply.headers(pdfHeaders(letter)).send(letter.pdf);
    },
  );
  app.get(
    FACTA_LETTER_ROUTE,
    {
      config: { right: 'canDecisionALoan' },
      schema: {
        tags: ['letters'],
        summary:
          "The credit score disclosure (FCRA §609(g)) of an applicant, as a PDF; attached to the application's files",
        params: idParamsSchema,
        querystring: factaLetterQuerySchema,
      },
    },
    async (request, reply) => {
      const letter = await service.printFactaLetter(ctx, authOf(request), request.params.id, request.query);
      return reply.headers(pdfHeaders(letter)).send(letter.pdf);
    },
  );
  registerEndpoint(app, letterFieldsEndpoint, () => [...letterMergeFields]);
  registerEndpoint(app, letterPreviewEndpoint, ({ auth, body }) =>
    service.previewLetter(ctx, auth, body.letterType, body.body),
  );
  registerEndpoint(app, enable, ({ auth, params }) => service.setTemplateEnabled(deps.db, auth, params.id, true));
  registerEndpoint(app, disable, ({ auth, params }) => service.setTemplateEnabled(deps.db, auth, params.id, false));
};

/**
 * The Letters area (issue 13 item 6): the templates on the resource kit (list for any signed-in user; writes with
 * canManageLetters, audited; enabling one turns off the other of its type), the merge fields, the preview, and
 * the adverse action and credit score disclosure letters.
 */
export const lettersModule = crudModule(
  { ...lettersResource, endpoints: kitEndpoints },
  {
    table: letterTemplates,
    toRow: (row) => service.toTemplateView(row),
    beforeWrite: async ({ tx, auth }, values, existing) => {
      values.updatedByUserId = auth.userId;
      if (values.enabled) await service.disableOthersOfType(tx, auth, values.letterType!, existing?.id ?? null);
    },
    extraRoutes: registerLetterRoutes,
  },
);
