import { describe, expect, it } from 'vitest';
import { visualRuns } from '../../src/lib/pdf-bidi.ts';
import { renderVoucherPdf, type VoucherDocument } from '../../src/modules/vouchers/index.ts';

describe('Arabic text in PDFs', () => {
  it('orders a right-to-left line for drawing: Latin words and digits stay whole, punctuation mirrored', () => {
    expect(visualRuns('مرحبا Karim', 'rtl')).toEqual([
      { text: 'Karim', arabicFont: false },
      { text: 'مرحبا ', arabicFont: true },
    ]);
    // "1. choose": the number at the right, its dot to its left, then the Arabic words.
    expect(visualRuns('1. اختاروا', 'rtl')).toEqual([
      { text: ' اختاروا', arabicFont: true },
      { text: '.', arabicFont: false },
      { text: '1', arabicFont: false },
    ]);
    expect(visualRuns('«مرحبا»', 'rtl').map((s) => s.text)).toEqual(['«', 'مرحبا', '»']);
    // An Arabic name inside a French line keeps the line's order around it.
    expect(visualRuns('Pour ليلى بن علي <l@x.dz>', 'ltr').map((s) => s.text)).toEqual(['Pour ', 'ليلى بن علي', ' <l@x.dz>']);
  });

  const doc = (locale: 'fr' | 'ar'): VoucherDocument =>
    ({
      voucher: { code: 'FRH-AB12-CD34', recipientName: 'أمينة', senderName: 'Karim', personalMessage: 'عيد ميلاد سعيد!', expiresAt: new Date('2027-11-24T10:00:00Z'), recipientLocale: locale },
      box: { name: 'Évasion Bien-être', nameAr: 'استرخاء وعافية' },
      offers: Array.from({ length: 16 }, (_, i) => ({ id: String(i), title: `Hammam ${i + 1}`, titleAr: i % 2 ? null : `حمام ${i + 1}`, partnerName: 'Dar Es-Salam', city: 'Alger', address: '12 rue Didouche Mourad' })),
    }) as unknown as VoucherDocument;
  const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

  it('writes an Arabic voucher on one page in the shipped Cairo font, with the Arabic language tag', async () => {
    const pdf = await renderVoucherPdf(doc('ar'), 'https://farha.dz', 'ar');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+Cairo/);
    expect(raw).toContain('/Lang (ar)');
    expect(pages(pdf)).toBe(1);
  }, 60_000);

  it('keeps the French voucher in PDF standard fonts, Arabic words from the purchaser in Cairo', async () => {
    const raw = (await renderVoucherPdf(doc('fr'), 'https://farha.dz', 'fr')).toString('latin1');
    expect(raw).toContain('/Lang (fr)');
    expect(raw).toContain('/BaseFont /Helvetica');
    // The recipient's name and the message are Arabic: drawn in Cairo rather than dropped.
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+Cairo/);
  }, 60_000);
});
