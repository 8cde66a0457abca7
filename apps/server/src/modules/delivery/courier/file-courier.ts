import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import { canShipmentMove, DELIVERY_METHOD_LABELS, WILAYAS, type TShipmentStatus } from '@farha/contracts/delivery';
import { formatDzd } from '@farha/contracts/money';
import { VOUCHER_CODE_ALPHABET } from '@farha/contracts/vouchers';
import { algiersDay } from '../../../lib/algiers-time.ts';
import { farhaPdf, pageWriter } from '../../../lib/pdf-document.ts';
import { fileCommunes, fileStopDesks, ZONE_FEES, zoneOf } from './geography.ts';
import { type Courier, CourierError, type CourierEvent, type ParcelInput } from './types.ts';

/** One parcel of the file courier: a JSON file DATA_DIR/courier/<tracking>.json. */
type FileParcel = ParcelInput & {
  tracking: string;
  createdAt: string;
  events: { id: string; status: TShipmentStatus; at: string; cashCollected?: number | undefined; detail?: string | undefined }[];
  /** The reference of the statement that paid its cash to Farha (S2, docs/product/delivery.md §8). */
  paidIn?: string | undefined;
};

const TRACKING = /^FRH-LIV-[A-Z0-9]{6}$/;

/**
 * COURIER=file (the default, docs/product/delivery.md §9): a courier that needs no account. Its parcels are JSON
 * files under DATA_DIR/courier, its tracking numbers FRH-LIV-XXXXXX, its label a PDF it draws itself; the demo
 * page moves a parcel to its next status (`advance`), then the tracking applies it like a webhook's event.
 */
export function fileCourier(dataDir: string, now: () => Date): Courier & { advance(tracking: string, to: TShipmentStatus, cashCollected?: number): Promise<CourierEvent> } {
  const dir = path.join(dataDir, 'courier');
  const fileOf = (tracking: string) => {
    if (!TRACKING.test(tracking)) throw new CourierError(`unknown parcel ${tracking}`, false);
    return path.join(dir, `${tracking}.json`);
  };
  const read = async (tracking: string): Promise<FileParcel | null> => {
    try {
      return JSON.parse(await fs.readFile(fileOf(tracking), 'utf8')) as FileParcel;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const write = async (parcel: FileParcel) => {
    await fs.mkdir(dir, { recursive: true });
    const file = fileOf(parcel.tracking);
    await fs.writeFile(`${file}.tmp`, JSON.stringify(parcel, null, 2));
    await fs.rename(`${file}.tmp`, file);
  };
  const eventsOf = (parcel: FileParcel): CourierEvent[] =>
    parcel.events.map((e) => ({ tracking: parcel.tracking, status: e.status, at: new Date(e.at), cashCollected: e.cashCollected, externalId: e.id, detail: e.detail }));

  return {
    name: 'file',
    wilayas: async () => WILAYAS.map((w) => ({ code: w.code, name: w.name })),
    communes: async (code) => fileCommunes(code),
    stopDesks: async (code) => fileStopDesks(code),
    fees: async (code) => ZONE_FEES[zoneOf(code)],
    createParcel: async (input) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        let suffix = '';
        for (let i = 0; i < 6; i++) suffix += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
        const tracking = `FRH-LIV-${suffix}`;
        if (await read(tracking)) continue;
        const at = now().toISOString();
        await write({ ...input, tracking, createdAt: at, events: [{ id: `${tracking}-1`, status: 'handed_over', at, detail: 'Colis reçu' }] });
        return { tracking };
      }
      throw new CourierError('no free tracking number');
    },
    label: async (tracking) => {
      const parcel = await read(tracking);
      if (!parcel) throw new CourierError(`unknown parcel ${tracking}`, false);
      return drawLabel(parcel);
    },
    track: async (trackings) => {
      const parcels = await Promise.all(trackings.map(read));
      return parcels.flatMap((p) => (p ? eventsOf(p) : []));
    },
    /** The demo page: the parcel moves forward (never back), delivered parcels with their cash collected. */
    /**
     * Finance's « Récupérer le relevé » (docs/product/delivery.md §8): the courier pays, now, the cash of its
     * delivered parcels not paid yet, in one statement `FRH-VERS-<day>-<time>`; null when there is nothing to pay.
     */
    statement: async () => {
      let names: string[];
      try {
        names = (await fs.readdir(dir)).filter((name) => TRACKING.test(name.replace(/\.json$/, '')) && name.endsWith('.json')).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const due: { parcel: FileParcel; amount: number }[] = [];
      for (const name of names) {
        const parcel = await read(name.replace(/\.json$/, ''));
        const collected = parcel?.events.find((e) => e.status === 'delivered' && e.cashCollected);
        if (parcel && collected && !parcel.paidIn) due.push({ parcel, amount: collected.cashCollected! });
      }
      if (due.length === 0) return null;
      const at = now();
      const date = algiersDay(at);
      const reference = `FRH-VERS-${date.replace(/-/g, '')}-${at.getTime().toString(36).toUpperCase()}`;
      for (const { parcel } of due) await write({ ...parcel, paidIn: reference });
      return { reference, date, lines: due.map(({ parcel, amount }) => ({ tracking: parcel.tracking, amount })) };
    },
    advance: async (tracking, to, cashCollected) => {
      const parcel = await read(tracking);
      if (!parcel) throw new CourierError(`unknown parcel ${tracking}`, false);
      const current = parcel.events.at(-1)?.status ?? 'handed_over';
      if (!canShipmentMove(current, to)) throw new CourierError(`parcel ${tracking} cannot go from ${current} to ${to}`, false);
      const cash = to === 'delivered' && cashCollected ? cashCollected : undefined;
      const event = { id: `${tracking}-${parcel.events.length + 1}`, status: to, at: now().toISOString(), ...(cash ? { cashCollected: cash } : {}) };
      parcel.events.push(event);
      await write(parcel);
      return { tracking, status: to, at: new Date(event.at), cashCollected: cash, externalId: event.id };
    },
  };
}

/** The file courier's label: A6, the tracking number and its QR, the recipient, where to, the cash to collect. */
async function drawLabel(parcel: FileParcel): Promise<Buffer> {
  const { pdf, bytes } = await farhaPdf({ title: `Étiquette ${parcel.tracking}`, size: 'A6', margin: 20 });
  const w = pageWriter(pdf, false, 20);
  const wilaya = WILAYAS.find((x) => x.code === parcel.wilayaCode);
  w.say('Farha — transporteur de démonstration', { size: 9, bold: true, y: 20 });
  w.say(parcel.tracking, { size: 18, bold: true, y: 36 });
  const qr = await QRCode.toBuffer(parcel.tracking, { margin: 0, width: 140 });
  pdf.image(qr, pdf.page.width - 20 - 70, 20, { width: 70 });
  let y = 100;
  y = w.say(parcel.recipientName, { size: 12, bold: true, y }) + 2;
  y = w.say(parcel.phone, { size: 10, y }) + 6;
  y = w.say(`${String(parcel.wilayaCode).padStart(2, '0')} — ${wilaya?.name ?? ''}, ${parcel.commune}`, { size: 10, y }) + 2;
  y = w.say(`${DELIVERY_METHOD_LABELS[parcel.method].fr}${parcel.method === 'stopdesk' ? ` : ${parcel.stopDeskId ?? ''}` : ''}`, { size: 10, y }) + 2;
  if (parcel.address) y = w.say(parcel.address, { size: 9, y }) + 6;
  y = w.say(parcel.codAmount > 0 ? `À encaisser : ${formatDzd(parcel.codAmount)}` : 'Déjà payé — rien à encaisser', { size: 14, bold: true, y: y + 4 }) + 6;
  w.say(parcel.description, { size: 8, y });
  pdf.end();
  return bytes;
}
