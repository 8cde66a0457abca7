import { WILAYAS } from '@farha/contracts/delivery';

/**
 * The file courier's own geography (docs/product/delivery.md §9): its fees by zone, one stop desk per wilaya at
 * its chef-lieu and a SHORT list of communes per wilaya (the chef-lieu first, then a few of the largest). It is
 * the demo's list, not the country's: Yalidine's communes come from its API.
 */

type Zone = 'alger' | 'north' | 'highlands' | 'south';

/** Integer DA, home and stop desk (the desk is always cheaper). */
export const ZONE_FEES: Record<Zone, { home: number; stopdesk: number }> = {
  alger: { home: 400, stopdesk: 250 },
  north: { home: 600, stopdesk: 400 },
  highlands: { home: 800, stopdesk: 500 },
  south: { home: 1200, stopdesk: 800 },
};

const HIGHLANDS = new Set([3, 4, 5, 7, 12, 14, 17, 19, 20, 28, 32, 34, 38, 40, 45, 51]);
const SOUTH = new Set([1, 8, 11, 30, 33, 37, 39, 47, 49, 50, 52, 53, 54, 55, 56, 57, 58]);

export function zoneOf(wilayaCode: number): Zone {
  if (wilayaCode === 16) return 'alger';
  if (SOUTH.has(wilayaCode)) return 'south';
  if (HIGHLANDS.has(wilayaCode)) return 'highlands';
  return 'north';
}

/** The chef-lieu first (it has the stop desk), then a few large communes. */
const COMMUNES: Record<number, readonly string[]> = {
  1: ['Adrar', 'Reggane', 'Aoulef'],
  2: ['Chlef', 'Ténès', 'Oued Fodda'],
  3: ['Laghouat', 'Aflou', 'Ksar El Hirane'],
  4: ['Oum El Bouaghi', 'Aïn Beïda', 'Aïn M’lila'],
  5: ['Batna', 'Barika', 'Arris'],
  6: ['Béjaïa', 'Akbou', 'Amizour'],
  7: ['Biskra', 'Tolga', 'Sidi Okba'],
  8: ['Béchar', 'Kenadsa', 'Abadla'],
  9: ['Blida', 'Boufarik', 'Larbaâ', 'Ouled Yaïch'],
  10: ['Bouira', 'Lakhdaria', 'Sour El Ghozlane'],
  11: ['Tamanrasset', 'Abalessa'],
  12: ['Tébessa', 'Bir El Ater', 'Cheria'],
  13: ['Tlemcen', 'Maghnia', 'Ghazaouet', 'Mansourah'],
  14: ['Tiaret', 'Sougueur', 'Frenda'],
  15: ['Tizi Ouzou', 'Azazga', 'Draâ Ben Khedda', 'Larbaâ Nath Irathen'],
  16: ['Alger Centre', 'Bab Ezzouar', 'Hydra', 'Bordj El Kiffan', 'Kouba', 'Chéraga', 'Dar El Beïda'],
  17: ['Djelfa', 'Aïn Oussara', 'Messaâd'],
  18: ['Jijel', 'Taher', 'El Milia'],
  19: ['Sétif', 'El Eulma', 'Aïn Arnat', 'Aïn Oulmene'],
  20: ['Saïda', 'Aïn El Hadjar'],
  21: ['Skikda', 'Collo', 'Azzaba'],
  22: ['Sidi Bel Abbès', 'Telagh', 'Sfisef'],
  23: ['Annaba', 'El Bouni', 'El Hadjar'],
  24: ['Guelma', 'Oued Zenati', 'Bouchegouf'],
  25: ['Constantine', 'El Khroub', 'Aïn Smara', 'Hamma Bouziane'],
  26: ['Médéa', 'Berrouaghia', 'Ksar El Boukhari'],
  27: ['Mostaganem', 'Aïn Tédelès', 'Hassi Mameche'],
  28: ["M'Sila", 'Bou Saâda', 'Sidi Aïssa'],
  29: ['Mascara', 'Sig', 'Tighennif'],
  30: ['Ouargla', 'Hassi Messaoud', 'Rouissat'],
  31: ['Oran', 'Bir El Djir', 'Es Sénia', 'Arzew', 'Aïn El Turck'],
  32: ['El Bayadh', 'Bougtob'],
  33: ['Illizi', 'In Amenas'],
  34: ['Bordj Bou Arréridj', 'Ras El Oued', 'Medjana'],
  35: ['Boumerdès', 'Boudouaou', 'Bordj Menaïel', 'Thénia'],
  36: ['El Tarf', 'El Kala', 'Ben M’hidi'],
  37: ['Tindouf'],
  38: ['Tissemsilt', 'Théniet El Had'],
  39: ['El Oued', 'Guemar', 'Robbah'],
  40: ['Khenchela', 'Kaïs', 'Chechar'],
  41: ['Souk Ahras', 'Sedrata'],
  42: ['Tipaza', 'Koléa', 'Cherchell', 'Hadjout'],
  43: ['Mila', 'Chelghoum Laïd', 'Ferdjioua'],
  44: ['Aïn Defla', 'Khemis Miliana', 'Miliana'],
  45: ['Naâma', 'Mécheria', 'Aïn Sefra'],
  46: ['Aïn Témouchent', 'Hammam Bou Hadjar', 'Béni Saf'],
  47: ['Ghardaïa', 'Metlili', 'Berriane'],
  48: ['Relizane', 'Oued Rhiou', 'Mazouna'],
  49: ['Timimoun', 'Aougrout'],
  50: ['Bordj Badji Mokhtar'],
  51: ['Ouled Djellal', 'Sidi Khaled'],
  52: ['Béni Abbès', 'Kerzaz'],
  53: ['In Salah', 'Foggaret Ezzoua'],
  54: ['In Guezzam', 'Tin Zaouatine'],
  55: ['Touggourt', 'Témacine', 'Megarine'],
  56: ['Djanet', 'Bordj El Haouès'],
  57: ["El M'Ghair", 'Djamaâ'],
  58: ['El Meniaa', 'Hassi Gara'],
};

export function fileCommunes(wilayaCode: number): { name: string; hasStopDesk: boolean }[] {
  return (COMMUNES[wilayaCode] ?? []).map((name, i) => ({ name, hasStopDesk: i === 0 }));
}

/** The one stop desk of a wilaya, at its chef-lieu. */
export function fileStopDesks(wilayaCode: number): { id: string; name: string; commune: string; address: string }[] {
  const chefLieu = COMMUNES[wilayaCode]?.[0];
  const wilaya = WILAYAS.find((w) => w.code === wilayaCode);
  if (!chefLieu || !wilaya) return [];
  return [{ id: `SD-${String(wilayaCode).padStart(2, '0')}`, name: `Bureau ${chefLieu}`, commune: chefLieu, address: `Centre-ville, ${chefLieu} (${wilaya.name})` }];
}
