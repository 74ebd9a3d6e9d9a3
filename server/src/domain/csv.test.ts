import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, readCell } from './csv';

describe('neutraliseFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","click")', `'=HYPERLINK("http://evil.test","click")`],
    ['+cmd|/C calc', `'+cmd|/C calc`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\tTab', `'\tTab`],
    ['\rReturn', `'\rReturn`],
    ['-', `'-`],
  ])('prefixes %j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it.each(['-3', '+3', '-12.500', '12.500', '0', 'Rapid-Poste', 'a=b', '', 'Étoile'])(
    'leaves %j alone',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );
});

describe('csvCell', () => {
  it('writes null as empty, booleans as true/false, numbers as they are', () => {
    expect([null, true, false, 19.5, -3].map((v) => csvCell(v))).toEqual([
      '',
      'true',
      'false',
      '19.5',
      '-3',
    ]);
    expect(csvCell('=1+1')).toBe(`'=1+1`);
  });
});

describe('readCell', () => {
  it('takes back what neutraliseFormula wrote, and flags a formula nobody neutralised', () => {
    for (const text of [
      '=HYPERLINK("x")',
      '+cmd',
      '-2+3',
      '@SUM(A1)',
      '-3',
      'Rapid-Poste',
      "'Tis",
    ]) {
      expect(readCell(neutraliseFormula(text))).toEqual({ text, formula: false });
    }
    expect(readCell('=1+1')).toEqual({ text: '=1+1', formula: true });
    expect(readCell('@SUM(A1)')).toEqual({ text: '@SUM(A1)', formula: true });
  });
});
