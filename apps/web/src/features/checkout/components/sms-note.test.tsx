import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import fr from '../locales/fr.json';
import ar from '../locales/ar.json';

// Issue 34: the checkout's recap and the success page say when the gift also goes by text, and to which number.
const state = vi.hoisted(() => ({ lng: 'fr' as 'fr' | 'ar' }));
vi.mock('../i18n', () => ({
  useCheckoutTranslation: () => ({
    locale: state.lng,
    t: (key: string, options: Record<string, string> = {}) => {
      const bundle = (state.lng === 'fr' ? fr : ar) as unknown as Record<string, Record<string, string>>;
      const [group, name] = key.split('.') as [string, string];
      return bundle[group]![name]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => options[k] ?? '');
    },
  }),
}));
const { SmsNote, displayPhone } = await import('./sms-note');

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/[\u2068\u2069]/g, '');

describe('SmsNote', () => {
  it('says the gift also goes by SMS, with the number typed in the form, in French', () => {
    state.lng = 'fr';
    const html = renderToStaticMarkup(<SmsNote sms phone="0661 23 45 67" />);
    expect(text(html)).toBe("Aussi par SMS au +213 661 23 45 67, le même jour que l'e-mail.");
  });

  it('says it in Arabic with the stored E.164 number, kept left to right', () => {
    state.lng = 'ar';
    const html = renderToStaticMarkup(<SmsNote sms phone="+213661234567" />);
    expect(html).toContain('\u2068+213 661 23 45 67\u2069');
    expect(text(html)).toContain('رسالة نصية قصيرة');
  });

  it('says nothing when the gift goes by e-mail only, or no number was given', () => {
    expect(renderToStaticMarkup(<SmsNote sms={false} phone="+213661234567" />)).toBe('');
    expect(renderToStaticMarkup(<SmsNote sms phone={null} />)).toBe('');
    expect(renderToStaticMarkup(<SmsNote sms phone="  " />)).toBe('');
  });

  it('shows a foreign number as stored', () => {
    expect(displayPhone('+33612345678')).toBe('+33612345678');
  });
});
