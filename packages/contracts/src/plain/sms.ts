// Zod-free (issue 25): how many parts a text message takes, so the server keeps its texts within
// SMS_MAX_SEGMENTS and bills each part (the setting notifications.sms_cost_per_segment).

/** GSM 03.38 default alphabet: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: an escape and the character, two septets each. */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export type TSmsEncoding = 'GSM-7' | 'UCS-2';
export type TSmsSegments = { encoding: TSmsEncoding; segments: number; length: number };

/** The most parts a message of Farha may take (issue 25). */
export const SMS_MAX_SEGMENTS = 2;

/** One part holds 160 GSM-7 characters (153 each when the message is split) or 70 UCS-2 (67 each). */
export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const satisfies Record<TSmsEncoding, { single: number; part: number }>;

/**
 * The encoding a phone uses for `text` (GSM-7 when every character is in its alphabet; UCS-2 otherwise,
 * as for Arabic or a curly apostrophe), its length in that encoding's units, and the number of parts.
 */
export function smsSegments(text: string): TSmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENDED.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: TSmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const length = gsm ? septets : text.length;
  const { single, part } = SMS_LIMITS[encoding];
  const segments = length === 0 ? 1 : length <= single ? 1 : Math.ceil(length / part);
  return { encoding, segments, length };
}
