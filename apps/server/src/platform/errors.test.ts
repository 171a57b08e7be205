import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isBadInputFromDatabase, loggableError, scrubbedMessage } from './errors.ts';

describe('loggableError', () => {
  it('keeps a failed query out of the logs: neither its text nor its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      constraint: 'applicants_pkey',
      table: 'applicants',
      detail: 'Key (ssn_hash)=(abc) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into applicants (first_name, ssn_encrypted) values ($1, $2)',
      ['Dana', 'v1.secret'],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('Dana');
    expect(logged).not.toContain('v1.secret');
    expect(logged).not.toContain('insert into');
    expect(logged).not.toContain('Key (ssn_hash)');
    expect(loggableError(error)).toEqual({
      type: 'DrizzleQueryError',
      cause: {
        type: 'Error',
        code: '23505',
        constraint: 'applicants_pkey',
        table: 'applicants',
        message: 'duplicate key value violates unique constraint "x"',
      },
    });
  });

  it('keeps the message of other errors, and their stack only where it is asked for (an unhandled error)', () => {
    expect(loggableError(new TypeError('boom'))).toEqual({ type: 'TypeError', message: 'boom', cause: undefined });
    const logged = loggableError(new TypeError('boom'), { stack: true });
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom', stack: expect.stringContaining('boom') });
  });

  it('logs a job poll or pool failure by its code and a scrubbed message: no query, no parameters, no stack (issue 30, item 11)', () => {
    const poll = Object.assign(
      new Error(
        "Failed query: select id, data from pgboss.job where name = $1 and data->>'ssn' = $2\nparams: outbox,123456789",
      ),
      { code: 'ECONNRESET' },
    );
    const logged = JSON.stringify(loggableError(poll));
    for (const secret of ['select', 'pgboss.job', '123456789', 'params', 'stack', ' at '])
      expect(logged).not.toContain(secret);
    expect(loggableError(poll)).toEqual({
      type: 'Error',
      code: 'ECONNRESET',
      message: '[query]',
      cause: undefined,
    });
    const timeout = loggableError(new Error('timeout exceeded when trying to connect'));
    expect(timeout).toEqual({ type: 'Error', message: 'timeout exceeded when trying to connect', cause: undefined });
  });

  it('scrubs a message: its first line, no query text, at most 300 characters', () => {
    expect(scrubbedMessage('relation "x" does not exist\n    at Parser.parseErrorMessage')).toBe(
      'relation "x" does not exist',
    );
    expect(scrubbedMessage('could not run: insert into applicants (ssn) values ($1)')).toBe('could not run: [query]');
    expect(scrubbedMessage('update applications set state = $1 where id = $2 failed')).toBe('[query]');
    expect(scrubbedMessage('Could not update the row')).toBe('Could not update the row');
    expect(scrubbedMessage('x'.repeat(400))).toHaveLength(300);
  });
});

describe('isBadInputFromDatabase (issue 10, item 7)', () => {
  const pgError = (code: string) => Object.assign(new Error('refused'), { code });
  it.each(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05'])('%s is the caller’s 422', (code) => {
    expect(isBadInputFromDatabase(pgError(code))).toBe(true);
    expect(isBadInputFromDatabase(new DrizzleQueryError('select $1', ['x'], pgError(code)))).toBe(true);
  });
  it.each(['23505', '40001', '22012', '57P01'])('%s is not', (code) => {
    expect(isBadInputFromDatabase(pgError(code))).toBe(false);
  });
  it('nor is an error without a database code', () => {
    expect(isBadInputFromDatabase(new TypeError('boom'))).toBe(false);
    expect(isBadInputFromDatabase('22021')).toBe(false);
  });
});
