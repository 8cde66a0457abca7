import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Where uploaded bytes live. Local disk under DATA_DIR/uploads; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function localDiskStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, data);
    },
    read: (key) => fs.promises.readFile(resolve(key)),
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}

/** The extension a stored file gets: that of its detected type, never the one of the client's file name. */
export const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'application/pdf': '.pdf',
};

export function newStorageKey(purpose: string, contentType: string): string {
  const ext = EXTENSION_OF_TYPE[contentType] ?? '.bin';
  const day = new Date().toISOString().slice(0, 10);
  return `${purpose}/${day}/${randomUUID()}${ext}`;
}
