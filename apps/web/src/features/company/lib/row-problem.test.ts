import { describe, expect, it } from 'vitest';
import { rowProblemText } from './row-problem';

describe('a company upload lists its row problems in the uploader’s language (issue 34)', () => {
  it('words the code in Arabic for an Arabic page, even when the server answered in French', () => {
    expect(rowProblemText({ code: 'ROW_EMAIL', message: 'E-mail invalide' }, 'ar')).toBe('بريد إلكتروني غير صالح');
    expect(rowProblemText({ code: 'ROW_BOX', message: 'Coffret inconnu ou indisponible' }, 'ar')).toBe('علبة غير معروفة أو غير متاحة');
    expect(rowProblemText({ code: 'ROW_BOX', message: 'علبة غير معروفة أو غير متاحة' }, 'fr')).toBe('Coffret inconnu ou indisponible');
  });

  it('keeps the server’s text for a code it does not know', () => {
    expect(rowProblemText({ code: 'ROW_SOMETHING_NEW', message: 'Nouveau problème' }, 'ar')).toBe('Nouveau problème');
  });
});
