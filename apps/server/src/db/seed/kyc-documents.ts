import path from 'node:path';
import { ASSETS_DIR } from '../../paths.ts';

/** The specimen KYC files shipped with the server (made by kyc-specimens.ts). */
export const SEED_KYC_DIR = path.join(ASSETS_DIR, 'kyc');

/**
 * The three documents docs/product/partners.md §4 asks of a partner, one file each. The seed stores a copy per verified demo
 * partner, as that partner's uploads, named `<file>-<partner slug>.<ext>`.
 */
export const SEED_KYC_FILES = [
  { type: 'business_license', asset: 'registre-du-commerce.pdf', contentType: 'application/pdf' },
  { type: 'identity_card', asset: 'piece-identite.png', contentType: 'image/png' },
  { type: 'bank_statement', asset: 'releve-identite-bancaire.pdf', contentType: 'application/pdf' },
] as const;
