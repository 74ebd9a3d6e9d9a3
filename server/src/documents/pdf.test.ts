// Text for pdfkit's built-in Helvetica (WinAnsi): French accents and typographic quotes stay,
// other letters lose their accents, anything else becomes "?" instead of a wrong glyph.
import { describe, expect, it } from 'vitest';
import { printable } from './pdf';

describe('printable', () => {
  it('keeps what WinAnsi has', () => {
    expect(printable('Été à Sfax « œuvre » – 12 € d’avance…')).toBe(
      'Été à Sfax « œuvre » – 12 € d’avance…',
    );
  });

  it('drops accents WinAnsi lacks and replaces the rest', () => {
    expect(printable('Ștefan Łódź')).toBe('Stefan ?ódz');
    expect(printable('تونس 名')).toBe('???? ?');
  });

  it('keeps line feeds, and turns carriage returns and tabs into them or spaces', () => {
    expect(printable('a\r\nb\rc\td')).toBe('a\nb\nc d');
  });
});
