import { ZBasketLineFields, ZBasketMergeRequest } from '@farha/contracts/basket';
import { describe, expect, it } from 'vitest';
import { basketOwnerOf, LOCAL_BASKET_MAX_LINES, parseLocalBasket, serializeLocalBasket, type BasketBoxSnapshot, type LocalBasketLine } from './basket';
import { addLocalLine, lineIsComplete, localBasket, patchLocalLine, removeLocalLine } from './basket-lines';
import { mergeRequestOf } from './basket-merge';

const hammam: BasketBoxSnapshot = { id: '2b0b7d0e-5f6a-4c33-9d0e-1f0f3a9c1a11', name: 'Hammam et gommage', nameAr: 'حمام وتقشير', imageUrl: '/img/h.webp', category: 'nassim', price: 6500 };
const diner: BasketBoxSnapshot = { id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Dîner au bord de mer', nameAr: null, imageUrl: null, category: 'itri', price: 12000 };
const now = new Date();
const contractAccepts = (field: keyof typeof ZBasketLineFields.shape) => (value: unknown) => ZBasketLineFields.shape[field].safeParse(value).success;

function twoLines(): LocalBasketLine[] {
  const one = addLocalLine([], hammam, 'line-1', now)!;
  return addLocalLine(one, diner, 'line-2', now)!;
}

describe("a visitor's basket in the browser", () => {
  it('adds the same box twice as two gifts, and reads back what it wrote', () => {
    let lines = twoLines();
    lines = addLocalLine(lines, hammam, 'line-3', now)!;
    expect(lines.map((l) => l.box.name)).toEqual(['Hammam et gommage', 'Dîner au bord de mer', 'Hammam et gommage']);
    expect(parseLocalBasket(serializeLocalBasket(lines))).toEqual(lines);
  });

  it('counts the lines and sums their prices', () => {
    const basket = localBasket(twoLines());
    expect(basket.count).toBe(2);
    expect(basket.total).toBe(18500);
  });

  it(`refuses a gift past ${LOCAL_BASKET_MAX_LINES}`, () => {
    let lines: LocalBasketLine[] = [];
    for (let i = 0; i < LOCAL_BASKET_MAX_LINES; i += 1) lines = addLocalLine(lines, hammam, `l${i}`, now)!;
    expect(addLocalLine(lines, diner, 'one-too-many', now)).toBeNull();
  });

  it("changes and removes one line only", () => {
    let lines = patchLocalLine(twoLines(), 'line-2', { recipientName: 'Yacine' });
    expect(lines.map((l) => l.recipientName)).toEqual([null, 'Yacine']);
    lines = removeLocalLine(lines, 'line-1');
    expect(lines.map((l) => l.id)).toEqual(['line-2']);
  });

  it('is complete with a name and an e-mail, and a number when it also goes by text', () => {
    const base = { recipientName: 'Nadia', recipientEmail: 'nadia@example.dz', sendSms: false, recipientPhone: null };
    expect(lineIsComplete(base)).toBe(true);
    expect(lineIsComplete({ ...base, recipientEmail: 'nadia@' })).toBe(false);
    expect(lineIsComplete({ ...base, recipientName: '  ' })).toBe(false);
    expect(lineIsComplete({ ...base, sendSms: true })).toBe(false);
    expect(lineIsComplete({ ...base, sendSms: true, recipientPhone: '0555 12 34 56' })).toBe(true);
  });

  it('drops what it cannot read instead of breaking the page', () => {
    expect(parseLocalBasket('not json')).toEqual([]);
    expect(parseLocalBasket(JSON.stringify({ lines: [{ id: 'x' }, null, { id: 'y', box: { id: 'b', name: 'B', price: 100 } }] })).map((l) => l.id)).toEqual(['y']);
  });
});

describe('the merge at sign-in', () => {
  it('sends each box with the fields typed, and the contract accepts it', () => {
    let lines = twoLines();
    lines = patchLocalLine(lines, 'line-1', { recipientName: ' Nadia ', recipientEmail: 'nadia@example.dz', deliverAt: '', personalMessage: 'Joyeux anniversaire !' });
    const request = mergeRequestOf(lines, contractAccepts);
    expect(request.lines).toEqual([
      { boxId: hammam.id, recipientName: 'Nadia', recipientEmail: 'nadia@example.dz', personalMessage: 'Joyeux anniversaire !' },
      { boxId: diner.id },
    ]);
    expect(ZBasketMergeRequest.safeParse(request).success).toBe(true);
  });

  it('leaves out a half-typed e-mail or number rather than losing the whole basket, and the text without its number', () => {
    const lines = patchLocalLine(twoLines(), 'line-2', { recipientName: 'Yacine', recipientEmail: 'yacine@', recipientPhone: '12', sendSms: true });
    const request = mergeRequestOf(lines, contractAccepts);
    expect(request.lines[1]).toEqual({ boxId: diner.id, recipientName: 'Yacine' });
    expect(ZBasketMergeRequest.safeParse(request).success).toBe(true);
  });
});

describe('who has a basket', () => {
  it('a visitor in the browser, a customer on the server, staff none', () => {
    expect(basketOwnerOf(null)).toBe('local');
    expect(basketOwnerOf('customer')).toBe('server');
    expect(basketOwnerOf('partner_owner')).toBe('none');
    expect(basketOwnerOf('superadmin')).toBe('none');
    expect(basketOwnerOf('company_buyer')).toBe('none');
  });
});
