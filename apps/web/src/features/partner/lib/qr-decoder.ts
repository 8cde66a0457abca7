/**
 * Reads QR codes from camera frames or photos: the browser's BarcodeDetector where it has one (Chrome on
 * Android), else the jsQR decoder (loaded on demand) over pixels drawn on a canvas (iOS Safari, Firefox).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource | ImageBitmap): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?: () => Promise<string[]>;
}

export type QrSource = HTMLVideoElement | ImageBitmap;
export type QrDecoder = (source: QrSource) => Promise<string | null>;

/** Frames are scaled down to this many pixels on their longer side before jsQR reads them. */
const MAX_SIDE = 720;

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => {
      const found = await detector.detect(source);
      return found.find((code) => code.rawValue)?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (source) => {
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    if (!context || !width || !height) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

let decoderPromise: Promise<{ decode: QrDecoder; engine: 'native' | 'jsqr' }> | null = null;

export function loadQrDecoder(): Promise<{ decode: QrDecoder; engine: 'native' | 'jsqr' }> {
  decoderPromise ??= (async () => {
    const native = await nativeDecoder();
    if (native) {
      // Some browsers expose the API but fail on every call: fall back to jsQR then.
      let fallback: Promise<QrDecoder> | null = null;
      let nativeWorks = true;
      const decode: QrDecoder = async (source) => {
        if (nativeWorks) {
          try {
            return await native(source);
          } catch {
            nativeWorks = false;
          }
        }
        return (await (fallback ??= jsqrDecoder()))(source);
      };
      return { decode, engine: 'native' as const };
    }
    return { decode: await jsqrDecoder(), engine: 'jsqr' as const };
  })();
  return decoderPromise;
}

/** Reads a QR code from a photo (the camera app's picture when live video is not available). */
export async function decodeQrFromFile(file: File): Promise<string | null> {
  const { decode } = await loadQrDecoder();
  const bitmap = await createImageBitmap(file);
  try {
    return await decode(bitmap);
  } finally {
    bitmap.close();
  }
}
