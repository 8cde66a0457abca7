import type QRCode from 'qrcode';

let loading: Promise<typeof QRCode> | undefined;

/**
 * The QR code generator, loaded at its first use: vouchers' and gift cards' documents and two-factor enrolment
 * need it, a start-up does not (issue 39: a restarted instance is ready sooner).
 */
export function qrCodes(): Promise<typeof QRCode> {
  loading ??= import('qrcode').then((module) => module.default);
  return loading;
}
