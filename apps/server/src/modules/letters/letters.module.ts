import {
  letterFieldsEndpoint,
  letterMergeFields,
  letterPreviewEndpoint,
  letterPrintEndpoints,
  lettersResource,
} from '@credence/contracts';
import { letterTemplates } from '../../db/schema/index.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
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
  // The PDF (a Buffer) is sent as it is (the response schema's serializer is for JSON).
  registerEndpoint(app, letterPrintEndpoints.adverse, async ({ auth, query }, reply) => {
    const letter = await service.printAdverseLetter(ctx, auth, query);
    void reply.headers(pdfHeaders(letter));
    return letter.pdf as never;
  });
  registerEndpoint(app, letterPrintEndpoints.facta, async ({ auth, params, query }, reply) => {
    const letter = await service.printFactaLetter(ctx, auth, params.id, query);
    void reply.headers(pdfHeaders(letter));
    return letter.pdf as never;
  });
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
