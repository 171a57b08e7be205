import { dictionaryFieldEndpoints, dictionaryFieldsResource, dictionaryFieldTexts } from '@credence/contracts';
import { loanFormDictionaryFields } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError } from '../../platform/errors.ts';
import { readLoanSummary } from '../loan-summary/loan-summary.service.ts';
import * as repo from './dictionary-fields.repository.ts';
import { evaluateJmesPath, jmesPathProblem } from './jmes-path.ts';

const refuseBadPath = (jmesPath: string) => {
  const problem = jmesPathProblem(jmesPath);
  if (problem !== null) throw fieldError('jmesPath', dictionaryFieldTexts.invalidPath(problem));
};

/**
 * Administration › Dictionary Fields (/admin/loanFormDictionaryFields): the kit's verbs on the lender's loan form
 * dictionary, each write audited. The three fields are unique per lender (the unique index decides, also when two
 * saves race: a 422 on `formCode`); a JMESPath that does not compile is a 422 on `jmesPath` with the parser's
 * message. Beside the verbs: `POST …/IsUnique` (spec 2 §5), the editor's test of one path against an application,
 * and `GET applications/{id}/dictionary` — the fields evaluated against the application's document, the graph the
 * loan summary reads (`GetLoanSummary`, read with the caller's rights and lender: another lender's application is a
 * 404), as form code → value.
 */
export const dictionaryFieldsModule = crudModule(dictionaryFieldsResource, {
  table: loanFormDictionaryFields,
  uniqueConstraint: 'loan_form_dictionary_fields_lender_key',
  beforeWrite: (_ctx, values) => refuseBadPath(values.jmesPath!),
  extraRoutes: (app, deps) => {
    registerEndpoint(app, dictionaryFieldEndpoints.isUnique, ({ auth, body }) =>
      withTenant(deps.db, auth.lenderId, async (tx) => ({ isUnique: !(await repo.isTaken(tx, body, body.id)) })),
    );
    registerEndpoint(app, dictionaryFieldEndpoints.test, async ({ auth, body }) => {
      refuseBadPath(body.jmesPath);
      const document = await readLoanSummary(app, auth, body.applicationId);
      try {
        return { value: evaluateJmesPath(document, body.jmesPath) };
      } catch (error) {
        throw fieldError('jmesPath', dictionaryFieldTexts.invalidPath((error as Error).message));
      }
    });
    registerEndpoint(app, dictionaryFieldEndpoints.application, async ({ auth, params, query }) => {
      if (query.vendor !== undefined && query.loanFormId === undefined) {
        throw fieldError('vendor', dictionaryFieldTexts.vendorWithoutForm);
      }
      const fields = await withTenant(deps.db, auth.lenderId, (tx) =>
        repo.listFields(tx, query.loanFormId === undefined ? undefined : query.vendor),
      );
      const document = await readLoanSummary(app, auth, params.id);
      const dictionary: Record<string, unknown> = {};
      for (const field of fields) {
        if (dictionary[field.formCode] !== undefined && dictionary[field.formCode] !== null) continue;
        let value: unknown = null;
        try {
          value = evaluateJmesPath(document, field.jmesPath);
        } catch {
          // A path that fails on this application's data (a function given a null) reads nothing.
        }
        dictionary[field.formCode] = value;
      }
      return dictionary;
    });
  },
});
