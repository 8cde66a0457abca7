import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A PDF upload is parsed by pdf-lib and re-saved, so the stored bytes are the parser's output (objects it
 * understood, one cross-reference table, nothing after `%%EOF`). The parse runs in a worker thread with its
 * own heap limit, a budget for the bytes its decoders inflate (object and cross-reference streams are the
 * only streams pdf-lib decodes on load) and a deadline: a bomb or a pathological file ends the worker,
 * never the server.
 */
export type PdfLimits = { heapMb: number; decodedBytes: number; millis: number };
export const PDF_LIMITS: PdfLimits = { heapMb: 192, decodedBytes: 64 * 1024 * 1024, millis: 10_000 };

const PDF_LIB = createRequire(import.meta.url).resolve('pdf-lib');

// CommonJS run by the worker (a string, so that the server's bundle needs no second entry point).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
console.log = console.warn = console.error = () => {};
const { PDFDocument } = require(workerData.pdfLib);
const DecodeStream = require(path.join(path.dirname(workerData.pdfLib), 'core/streams/DecodeStream.js')).default;
// Every pdf-lib decoder (Flate, LZW, ASCII85…) grows its output through ensureBuffer: one budget for the document.
// pdf-lib skips an object it fails to parse, so going over budget is remembered and refuses the file.
const OVER_BUDGET = 'decoded streams over budget';
let budget = workerData.decodedBytes;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function (requested) {
  if (requested > this.buffer.byteLength) {
    let size = this.minBufferLength;
    while (size < requested) size *= 2;
    budget -= size;
    if (budget < 0) throw new Error(OVER_BUDGET);
  }
  return ensureBuffer.call(this, requested);
};
(async () => {
  const doc = await PDFDocument.load(workerData.data, { ignoreEncryption: true, updateMetadata: false });
  if (budget < 0) throw new Error(OVER_BUDGET);
  if (doc.getPageCount() < 1) throw new Error('no page');
  // An encrypted document cannot be re-saved without its key: it is kept as sent, once parsed.
  const saved = doc.isEncrypted ? null : await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  parentPort.postMessage({ ok: true, data: saved });
})().catch((error) => parentPort.postMessage({ ok: false, reason: budget < 0 ? OVER_BUDGET : String((error && error.message) || error) }));
`;

export type PdfCheck = { ok: true; data: Buffer } | { ok: false; reason: string };

/** Parses and re-saves a PDF within PDF_LIMITS; `ok: false` when it is not one (or not within the limits). */
export function rewritePdf(data: Buffer, limits: PdfLimits = PDF_LIMITS): Promise<PdfCheck> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { data, pdfLib: PDF_LIB, decodedBytes: limits.decodedBytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (result: PdfCheck) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), limits.millis);
    worker.on('message', (message: { ok: boolean; data?: Uint8Array | null; reason?: string }) => {
      if (!message.ok) settle({ ok: false, reason: message.reason ?? 'unreadable' });
      else settle({ ok: true, data: message.data ? Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength) : data });
    });
    worker.on('error', (error) => settle({ ok: false, reason: error.message }));
    worker.on('exit', (code) => settle({ ok: false, reason: `worker exited (${code})` }));
  });
}
