import jmespath from 'jmespath';

/** What the package exports at run time (its types declare `search` only). */
const engine = jmespath as unknown as {
  compile: (expression: string) => unknown;
  search: (data: unknown, expression: string) => unknown;
};

/**
 * Why a JMESPath cannot be used, or null when it can: the parser's message for a path that does not compile, and
 * the interpreter's for a call to an unknown function or with the wrong number of arguments (found by running it
 * once against an empty document; a type error there depends on the data, so it is not a reason).
 */
export const jmesPathProblem = (expression: string): string | null => {
  try {
    engine.compile(expression);
  } catch (error) {
    return (error as Error).message;
  }
  try {
    engine.search({}, expression);
  } catch (error) {
    const message = (error as Error).message;
    if (/^Unknown function|ArgumentError|takes \d+ argument/i.test(message)) return message;
  }
  return null;
};

/** The value a path reads from a document (null when it finds nothing); throws the interpreter's error. */
export const evaluateJmesPath = (document: unknown, expression: string): unknown => {
  const value = engine.search(document, expression);
  return value === undefined ? null : value;
};
