import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula } from './csv';

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
    expect([null, true, false, 19.5, -3].map(csvCell)).toEqual(['', 'true', 'false', '19.5', '-3']);
    expect(csvCell('=1+1')).toBe(`'=1+1`);
  });
});
