import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('queue CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
  ])('%j is written %j', (input, expected) => expect(csvCell(input)).toBe(expected));

  it('numbers are not guarded, null is empty', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', null, 3])).toBe('a,,3\r\n');
    expect(csvCell({ decimal: '-1250.00' })).toBe('-1250.00');
    expect(csvCell({ decimal: '=1+1' })).toBe("'=1+1");
  });
});
