import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell: every cell quoted, formulas neutralised in every segment (issue 30 item 9)', () => {
  it.each([
    ['plain', '"plain"'],
    ['', '""'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', `"'=SUM(A1:A9)"`],
    ['+1', `"'+1"`],
    ['@cmd', `"'@cmd"`],
    ['-cmd|calc', `"'-cmd|calc"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    // A segment after any separator a locale may split on.
    ['x;=1+1;y', `"x;'=1+1;y"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['x\t=1+1', `"x\t'=1+1"`],
    ['x\n@SUM(A1)', `"x\n'@SUM(A1)"`],
    ['x\r\n+1', `"x\r\n'+1"`],
    ['a;b;-2+3', `"a;b;'-2+3"`],
    ['x; =1+1', `"x;' =1+1"`],
    ['x\t\t=1', `"x\t'\t'=1"`],
    ['x;;=1', `"x;;'=1"`],
    // Plain numbers stay readable, alone or as a segment.
    ['-12.50', '"-12.50"'],
    ['-12', '"-12"'],
    ['refund;-12.50', '"refund;-12.50"'],
    ['-12.50;=1', `"-12.50;'=1"`],
    ['-12.5e3', `"'-12.5e3"`],
    ['-', `"'-"`],
    ['Quill - Jr', '"Quill - Jr"'],
    ['a-b=c', '"a-b=c"'],
  ])('%j is written %j', (input, expected) => expect(csvCell(input)).toBe(expected));

  it('numbers and decimals are written as they are, quoted; null is an empty cell', () => {
    expect(csvCell(-12.5)).toBe('"-12.5"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell({ decimal: '-1250.00' })).toBe('"-1250.00"');
    expect(csvCell({ decimal: '=1+1' })).toBe(`"'=1+1"`);
  });

  it('csvLine joins quoted cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', null, 3, 'x;=1'])).toBe(`"a","","3","x;'=1"\r\n`);
  });

  it('no segment of any cell, split on any separator, starts a formula', () => {
    const hostile = ['=1', '+1', '-1+1', '@x', '\t=1', '\r=1', ' =1'];
    const glue = [';', ',', '\t', '\n', '\r', '\r\n', ' ; '];
    for (const a of hostile) {
      for (const g of glue) {
        const cell = csvCell(`ok${g}${a}${g}${a}`).slice(1, -1).replaceAll('""', '"');
        for (const segment of cell.split(/[;,\t\r\n]/)) {
          expect(segment.trimStart(), JSON.stringify(cell)).not.toMatch(/^[=+@]|^-(?!\d+(\.\d+)?$)/);
        }
      }
    }
  });
});
