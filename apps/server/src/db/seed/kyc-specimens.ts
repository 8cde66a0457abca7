/**
 * The KYC documents of the demo partners the seed marks as verified: three small specimen files made in
 * the repo (docs/product/storefront.md §13: never fetched), committed under apps/server/assets/kyc and
 * stored by the seed as the partners' uploads. Marked SPÉCIMEN, with no real person's or company's data.
 * Regenerate them with `npx tsx apps/server/src/db/seed/kyc-specimens.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_KYC_DIR, SEED_KYC_FILES } from './kyc-documents.ts';

const INK = '#2b1d16';
const TERRACOTTA = '#b5451b';

/** A one-page A4 PDF in the standard Helvetica (nothing embedded: a few kilobytes). */
async function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // pdfkit and sharp are loaded only when specimens are made (a seed of a fresh demo database), not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  // A fixed date keeps a regenerated file identical.
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: true, info: { Title: 'Spécimen Farha', Producer: 'Farha', CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc
    .fillColor(TERRACOTTA)
    .fontSize(9)
    .text('SPÉCIMEN — document de démonstration de Farha, sans valeur légale.', 56, 780, { align: 'center', width: 483 });
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, title: string, subtitle: string) {
  doc.rect(0, 0, 595, 8).fill(TERRACOTTA);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(title, 56, 64);
  doc.font('Helvetica').fontSize(10).fillColor('#6b5a50').text(subtitle);
  doc.moveDown(1.5);
}

function rows(doc: PDFKit.PDFDocument, lines: [string, string][]) {
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor('#6b5a50').text(label, 56, y, { width: 170 });
    doc.font('Helvetica-Bold').fillColor(INK).text(value, 236, y, { width: 303 });
    doc.moveDown(0.6);
  }
}

const businessLicense = () =>
  pdf((doc) => {
    header(doc, 'Extrait du registre du commerce', 'Centre national du registre du commerce — spécimen');
    rows(doc, [
      ['Dénomination', 'Établissement de démonstration'],
      ['Forme juridique', 'Personne physique'],
      ['N° de registre du commerce', '00 A 0000000-00/00'],
      ['Activité principale', 'Prestations de services aux particuliers'],
      ['Adresse du siège', 'Adresse de démonstration, Algérie'],
      ['Date d’immatriculation', '1er janvier 2020'],
    ]);
    doc.moveDown(2).font('Helvetica').fontSize(10).fillColor(INK).text('Certifié conforme au registre à la date de délivrance.', 56);
  });

const bankStatement = () =>
  pdf((doc) => {
    header(doc, 'Relevé d’identité bancaire', 'Banque de démonstration — spécimen');
    rows(doc, [
      ['Titulaire du compte', 'Établissement de démonstration'],
      ['Banque', 'Banque de démonstration'],
      ['Agence', 'Agence de démonstration'],
      ['RIB', '000 00000 0000000000 00'],
      ['Devise', 'Dinar algérien (DZD)'],
    ]);
    doc.moveDown(2).font('Helvetica').fontSize(10).fillColor(INK).text('À remettre à tout organisme qui verse des fonds sur ce compte.', 56);
  });

/** A card-sized picture, as a phone photographs an identity card (a PNG, as partners upload them). */
const identityCard = async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540">
  <rect width="856" height="540" rx="28" fill="#f3ece2"/>
  <rect width="856" height="84" rx="28" fill="#1f6f5c"/><rect y="56" width="856" height="28" fill="#1f6f5c"/>
  <text x="40" y="54" font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="bold" fill="#fff">CARTE D’IDENTITÉ — SPÉCIMEN</text>
  <rect x="40" y="120" width="220" height="280" rx="14" fill="#d9cbbb"/>
  <circle cx="150" cy="220" r="58" fill="#b8a48f"/><path d="M62 400c10-80 60-112 88-112s78 32 88 112z" fill="#b8a48f"/>
  <g font-family="DejaVu Sans, sans-serif" fill="${INK}">
    <text x="300" y="150" font-size="18" fill="#6b5a50">Nom</text><text x="300" y="180" font-size="26" font-weight="bold">DÉMONSTRATION</text>
    <text x="300" y="230" font-size="18" fill="#6b5a50">Prénom</text><text x="300" y="260" font-size="26" font-weight="bold">Spécimen</text>
    <text x="300" y="310" font-size="18" fill="#6b5a50">N° de la carte</text><text x="300" y="340" font-size="26" font-weight="bold">000000000</text>
    <text x="300" y="390" font-size="18" fill="#6b5a50">Valable jusqu’au</text><text x="300" y="420" font-size="26" font-weight="bold">31/12/2035</text>
  </g>
  <text x="428" y="500" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="17" fill="${TERRACOTTA}">Document de démonstration de Farha, sans valeur légale</text>
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 32, compressionLevel: 9 }).toBuffer();
};

const MAKERS = { business_license: businessLicense, identity_card: identityCard, bank_statement: bankStatement } as const;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(SEED_KYC_DIR, { recursive: true });
  for (const file of SEED_KYC_FILES) {
    const data = await MAKERS[file.type]();
    fs.writeFileSync(path.join(SEED_KYC_DIR, file.asset), data);
    console.log(`${file.asset}: ${data.length} bytes`);
  }
}
