// Draws the partner portal's home-screen icons (apps/web/public/partenaire/icons/*.png, issue 26) from the
// brand's favicon.svg with the server's sharp. Run once after the logo changes: node apps/web/assets/partner-icons.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const sharp = require('sharp');
const logo = fs.readFileSync(fileURLToPath(new URL('../public/favicon.svg', import.meta.url)), 'utf8');
const outDir = fileURLToPath(new URL('../public/partenaire/icons/', import.meta.url));
fs.mkdirSync(outDir, { recursive: true });

// The gift drawn on a full square (no rounded corners): the phone cuts its own shape, so the drawing keeps
// to the inner 80 % ("safe zone" of a maskable icon).
const inner = logo.replace(/<svg[^>]*>/, '').replace('</svg>', '').replace(/<rect width="64" height="64" rx="16" fill="#b5451b"\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#b5451b"/><g transform="translate(9.6 9.6) scale(0.7)">${inner}</g></svg>`;

const icons = [
  { name: 'icon-192.png', svg: logo, size: 192 },
  { name: 'icon-512.png', svg: logo, size: 512 },
  { name: 'maskable-512.png', svg: maskable, size: 512 },
  { name: 'apple-touch-icon.png', svg: maskable, size: 180 },
];
for (const icon of icons) {
  const target = `${outDir}${icon.name}`;
  await sharp(Buffer.from(icon.svg), { density: Math.ceil((72 * icon.size) / 64) })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(target);
  console.log(`wrote ${target}`);
}
