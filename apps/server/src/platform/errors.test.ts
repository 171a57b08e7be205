import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isBadInputFromDatabase, loggableError } from './errors.ts';

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

  it('keeps the message and stack of other errors', () => {
    const logged = loggableError(new TypeError('boom'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom', stack: expect.stringContaining('boom') });
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
