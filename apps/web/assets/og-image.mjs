// Draws apps/web/public/og-image.png (1200×630) from og-image.svg with the server's sharp.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const sharp = require('sharp');
const source = fileURLToPath(new URL('./og-image.svg', import.meta.url));
const target = fileURLToPath(new URL('../public/og-image.png', import.meta.url));
await sharp(source).png({ compressionLevel: 9, palette: true }).toFile(target);
console.log(`wrote ${target}`);
