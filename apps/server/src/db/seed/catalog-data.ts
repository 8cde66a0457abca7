/**
 * Demo catalogue (docs/product/storefront.md §13): 30 partners in 16 wilayas, 64 offers, 25 boxes.
 * Every entity has a stable slug; seed.ts derives its primary key from it, so seeding is idempotent.
 * Money is integer DZD. Invariants are checked by test/unit/seed-data.test.ts.
 */
import type { TOfferCategory, TProductLine } from '@farha/contracts/catalog';
import { BOX_AR, OFFER_AR } from './catalog-data-ar.ts';

export type KycStatus = 'pending' | 'verified' | 'rejected';
export type SettlementCycle = 'J+7' | 'J+14' | 'monthly';

export type SeedPartner = {
  slug: string;
  name: string;
  description: string;
  address: string;
  city: string;
  wilaya: string;
  phone: string;
  businessType: string;
  /** Main offer category of the partner. */
  category: TOfferCategory;
  registrationNumber: string;
  taxNumber: string;
  /** Invented Algerian IBAN: `DZ58` + 20-digit RIB (bank 3, agency 5, account 10, key 2), 24 characters. */
  iban: string;
  bankName: string;
  settlementCycle: SettlementCycle;
  kycStatus: KycStatus;
  commissionBp: number;
  active: boolean;
  email: string;
  logoUrl: string;
};

export type SeedOffer = {
  slug: string;
  partnerSlug: string;
  title: string;
  description: string;
  /** Arabic title and description (catalog-data-ar.ts); null only where no translation exists. */
  titleAr: string | null;
  descriptionAr: string | null;
  category: TOfferCategory;
  /** Integer DZD. */
  faceValue: number;
  termsConditions: string;
  active: boolean;
  imageUrl: string;
};

/** Illustration drawn by images.ts for a box. */
export type SceneName =
  | 'hammam'
  | 'spa'
  | 'beauty'
  | 'couscous'
  | 'tajine'
  | 'tea'
  | 'desert'
  | 'bridge'
  | 'mountains'
  | 'oasis'
  | 'riad'
  | 'seaNight'
  | 'sea'
  | 'climbing'
  | 'tassili'
  | 'casbah'
  | 'ruins'
  | 'tiziri'
  | 'gift';

export type SeedBox = {
  slug: string;
  name: string;
  description: string;
  /** Arabic name and description (catalog-data-ar.ts); null only where no translation exists. */
  nameAr: string | null;
  descriptionAr: string | null;
  /** Integer DZD, multiple of 500. */
  price: number;
  validityDays: 90 | 180 | 365 | 730;
  exchangeOnce: boolean;
  category: TProductLine;
  scene: SceneName;
  /** Palette variant of the scene. */
  variant: number;
  offerSlugs: string[];
  imageUrl: string;
};

// ---------------------------------------------------------------------------------------------------
// Partners

type Bank = { code: string; name: string };
const BANKS = {
  bna: { code: '001', name: "Banque Nationale d'Algérie (BNA)" },
  bea: { code: '002', name: "Banque Extérieure d'Algérie (BEA)" },
  badr: { code: '003', name: "Banque de l'Agriculture et du Développement Rural (BADR)" },
  cpa: { code: '004', name: "Crédit Populaire d'Algérie (CPA)" },
  bdl: { code: '005', name: 'Banque de Développement Local (BDL)' },
  cnep: { code: '007', name: 'CNEP-Banque' },
} satisfies Record<string, Bank>;

/** RIB key as computed for French-style RIBs: 97 − ((89·bank + 15·agency + 3·account) mod 97). */
function ribKey(bank: string, agency: string, account: string): string {
  const mod = (89 * Number(bank) + 15 * Number(agency) + 3 * (Number(account) % 97)) % 97;
  return String(97 - mod).padStart(2, '0');
}

function iban(bank: Bank, n: number): string {
  const agency = String(10_000 + ((n * 733) % 89_000)).padStart(5, '0');
  const account = String(3_000_000_000 + n * 104_729_137).slice(0, 10);
  return `DZ58${bank.code}${agency}${account}${ribKey(bank.code, agency, account)}`;
}

type PartnerInput = Omit<SeedPartner, 'registrationNumber' | 'taxNumber' | 'iban' | 'bankName' | 'email' | 'logoUrl'> & {
  wilayaCode: string;
  bank: Bank;
  year: number;
};

const PARTNER_INPUT: PartnerInput[] = [
  {
    slug: 'hammam-dar-essalam',
    name: 'Hammam Dar Es-Salam',
    description:
      "Hammam familial restauré au cœur de La Casbah : coupoles d'origine, zellige andalou et savoir-faire transmis depuis trois générations. Gommage au savon noir, massages à l'huile d'argan et soins au ghassoul dans un cadre apaisant.",
    address: '14 rue Mohamed Akli Malek, La Casbah, 16001 Alger',
    city: 'Alger',
    wilaya: 'Alger',
    wilayaCode: '16',
    phone: '+213 21 73 45 12',
    businessType: 'hammam',
    category: 'bien-etre',
    bank: BANKS.cpa,
    year: 2016,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'restaurant-el-bahia',
    name: 'Restaurant El Bahia',
    description:
      "Face à la mer, El Bahia sert la cuisine oranaise de toujours : karantika, paella à l'oranaise, poissons grillés du jour et calentica croustillante. Terrasse panoramique sur le port et la baie d'Oran.",
    address: "7 boulevard de l'ALN, Front de mer, 31000 Oran",
    city: 'Oran',
    wilaya: 'Oran',
    wilayaCode: '31',
    phone: '+213 41 39 22 87',
    businessType: 'restaurant',
    category: 'gastronomie',
    bank: BANKS.bea,
    year: 2012,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'spa-jardins-hydra',
    name: "Spa Les Jardins d'Hydra",
    description:
      "Un spa urbain niché dans une villa mauresque entourée d'orangers. Cabines de massage, hammam privatif, bassin chauffé et salon de thé pour prolonger la détente.",
    address: '22 chemin Mackley, Hydra, 16035 Alger',
    city: 'Hydra',
    wilaya: 'Alger',
    wilayaCode: '16',
    phone: '+213 23 48 61 05',
    businessType: 'spa_wellness',
    category: 'bien-etre',
    bank: BANKS.bna,
    year: 2019,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1800,
    active: true,
  },
  {
    slug: 'dar-diaf-cirta',
    name: 'Dar Diaf Cirta',
    description:
      "Maison de cuisine constantinoise installée dans une demeure de la vieille ville. Chorba frik, tajine el aïn, chbah essafra et jawzia maison, servis dans de la vaisselle en cuivre ciselé.",
    address: "3 rue Larbi Ben M'hidi, 25000 Constantine",
    city: 'Constantine',
    wilaya: 'Constantine',
    wilayaCode: '25',
    phone: '+213 31 92 14 66',
    businessType: 'restaurant',
    category: 'gastronomie',
    bank: BANKS.badr,
    year: 2014,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'hotel-ponts-suspendus',
    name: 'Hôtel Les Ponts Suspendus',
    description:
      "Hôtel de charme dominant les gorges du Rhumel, à deux pas du pont Sidi M'Cid. Chambres lumineuses, petit-déjeuner constantinois et restaurant panoramique.",
    address: '12 avenue Zighoud Youcef, 25000 Constantine',
    city: 'Constantine',
    wilaya: 'Constantine',
    wilayaCode: '25',
    phone: '+213 31 64 30 18',
    businessType: 'hotel',
    category: 'detente',
    bank: BANKS.bea,
    year: 2010,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1200,
    active: true,
  },
  {
    slug: 'auberge-yakouren',
    name: 'Auberge de la Forêt de Yakouren',
    description:
      "Chalets en bois au milieu des chênes zéens de Yakouren. Cuisine kabyle de saison, feu de cheminée l'hiver et sentiers de randonnée au départ de l'auberge.",
    address: 'Route nationale 12, Yakouren, 15365 Tizi Ouzou',
    city: 'Yakouren',
    wilaya: 'Tizi Ouzou',
    wilayaCode: '15',
    phone: '+213 26 21 57 34',
    businessType: 'guesthouse',
    category: 'detente',
    bank: BANKS.badr,
    year: 2017,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'djurdjura-verticale',
    name: "Djurdjura Verticale, club d'escalade",
    description:
      "Club d'escalade encadré par des moniteurs diplômés, avec un mur en salle à Tizi Ouzou et des falaises équipées dans le massif du Djurdjura. Matériel fourni, débutants bienvenus.",
    address: 'Maison des jeunes, rue Abane Ramdane, 15000 Tizi Ouzou',
    city: 'Tizi Ouzou',
    wilaya: 'Tizi Ouzou',
    wilayaCode: '15',
    phone: '+213 550 41 27 93',
    businessType: 'climbing_club',
    category: 'sport',
    bank: BANKS.cpa,
    year: 2020,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'thalasso-gouraya',
    name: 'Thalasso Yemma Gouraya',
    description:
      "Centre de thalassothérapie au pied du mont Gouraya, alimenté en eau de mer puisée au large. Parcours marin, enveloppements d'algues, massages sous affusion et vue sur le golfe de Béjaïa.",
    address: 'Route des Aiguades, 06000 Béjaïa',
    city: 'Béjaïa',
    wilaya: 'Béjaïa',
    wilayaCode: '06',
    phone: '+213 34 16 78 40',
    businessType: 'spa_wellness',
    category: 'bien-etre',
    bank: BANKS.bna,
    year: 2018,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'plongee-cap-carbon',
    name: 'Centre de plongée Cap Carbon',
    description:
      'École de plongée et de kayak de mer basée au port de Béjaïa. Sorties vers les tombants du Cap Carbon, herbiers de posidonie et grottes marines, encadrées par des moniteurs certifiés.',
    address: 'Port de plaisance, 06000 Béjaïa',
    city: 'Béjaïa',
    wilaya: 'Béjaïa',
    wilayaCode: '06',
    phone: '+213 661 28 55 70',
    businessType: 'diving_center',
    category: 'sport',
    bank: BANKS.cnep,
    year: 2015,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'hammam-hippone',
    name: 'Hammam Hippone',
    description:
      "Hammam traditionnel du centre d'Annaba, ouvert aux femmes le matin et aux hommes l'après-midi. Salle chaude voûtée, gommage à la kessa et soins du visage au ghassoul et à l'eau de rose.",
    address: '5 rue Ibn Khaldoun, 23000 Annaba',
    city: 'Annaba',
    wilaya: 'Annaba',
    wilayaCode: '23',
    phone: '+213 38 86 12 09',
    businessType: 'hammam',
    category: 'traditionnel',
    bank: BANKS.bdl,
    year: 2011,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'la-caroube',
    name: 'La Caroube',
    description:
      "Restaurant de poissons et fruits de mer sur la corniche d'Annaba. Arrivage quotidien du port, plateaux à partager et desserts à la caroube qui ont donné son nom à la maison.",
    address: 'Boulevard du 1er Novembre 1954, Front de mer, 23000 Annaba',
    city: 'Annaba',
    wilaya: 'Annaba',
    wilayaCode: '23',
    phone: '+213 38 45 90 31',
    businessType: 'restaurant',
    category: 'gastronomie',
    bank: BANKS.bea,
    year: 2013,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'dar-el-hadj-tlemcen',
    name: "Dar El Hadj, maison d'hôtes",
    description:
      "Demeure andalouse du XVIIIe siècle au cœur de la médina de Tlemcen, avec patio, fontaine et cinq chambres décorées de stucs. Accueil familial et visites guidées de la ville.",
    address: 'Derb Sidi El Djebbar, Médina, 13000 Tlemcen',
    city: 'Tlemcen',
    wilaya: 'Tlemcen',
    wilayaCode: '13',
    phone: '+213 43 27 41 62',
    businessType: 'guesthouse',
    category: 'detente',
    bank: BANKS.cpa,
    year: 2016,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'salon-the-mechouar',
    name: 'Salon de thé El Mechouar',
    description:
      'Salon de thé face au palais El Mechouar. Thé à la menthe servi à la théière, pâtisseries tlemcéniennes et ateliers de cuisine animés par les cuisinières de la maison.',
    address: 'Place Émir Abdelkader, 13000 Tlemcen',
    city: 'Tlemcen',
    wilaya: 'Tlemcen',
    wilayaCode: '13',
    phone: '+213 43 20 88 15',
    businessType: 'tea_room',
    category: 'gastronomie',
    bank: BANKS.bdl,
    year: 2019,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1200,
    active: true,
  },
  {
    slug: 'ksar-tafilelt',
    name: "Maison d'hôtes Ksar Tafilelt",
    description:
      "Maison d'hôtes écologique dans le ksar de Tafilelt, au-dessus de Beni Isguen. Architecture mozabite, terrasses sur la vallée du M'zab et cuisine familiale préparée sur place.",
    address: 'Ksar Tafilelt Tajdite, Beni Isguen, 47000 Ghardaïa',
    city: 'Beni Isguen',
    wilaya: 'Ghardaïa',
    wilayaCode: '47',
    phone: '+213 29 87 63 20',
    businessType: 'guesthouse',
    category: 'traditionnel',
    bank: BANKS.badr,
    year: 2015,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'mzab-decouverte',
    name: "M'zab Découverte",
    description:
      "Guides agréés nés dans la vallée du M'zab, classée au patrimoine mondial de l'UNESCO. Visites des ksour, de la palmeraie et des marchés, dans le respect des traditions locales.",
    address: 'Place du marché, 47000 Ghardaïa',
    city: 'Ghardaïa',
    wilaya: 'Ghardaïa',
    wilayaCode: '47',
    phone: '+213 661 90 14 52',
    businessType: 'tour_operator',
    category: 'traditionnel',
    bank: BANKS.cnep,
    year: 2017,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'tassili-expeditions',
    name: 'Tassili Expéditions',
    description:
      "Agence touarègue organisant randonnées et circuits en 4x4 dans le parc culturel du Tassili n'Ajjer : forêts de pierre, arches de grès et gravures rupestres millénaires.",
    address: 'Quartier El Mihan, 56000 Djanet',
    city: 'Djanet',
    wilaya: 'Djanet',
    wilayaCode: '56',
    phone: '+213 29 47 51 08',
    businessType: 'tour_operator',
    category: 'sport',
    bank: BANKS.bna,
    year: 2009,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1800,
    active: true,
  },
  {
    slug: 'bivouac-erg-admer',
    name: "Bivouac de l'Erg Admer",
    description:
      "Campement saharien au bord de l'Erg Admer : tentes nomades, dîner touareg cuit sous le sable, thé à la braise et ciel étoilé sans la moindre lumière alentour.",
    address: 'Route de Djanet, 33000 Illizi',
    city: 'Illizi',
    wilaya: 'Illizi',
    wilayaCode: '33',
    phone: '+213 29 41 37 26',
    businessType: 'desert_camp',
    category: 'detente',
    bank: BANKS.badr,
    year: 2018,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'assekrem-treks',
    name: 'Assekrem Treks',
    description:
      "Randonnées chamelières et circuits dans l'Atakor et le Hoggar, avec des guides et chameliers touaregs. Nuit au refuge de l'Assekrem et lever de soleil sur les pitons volcaniques.",
    address: 'Quartier Sersouf, 11000 Tamanrasset',
    city: 'Tamanrasset',
    wilaya: 'Tamanrasset',
    wilayaCode: '11',
    phone: '+213 29 34 20 77',
    businessType: 'tour_operator',
    category: 'sport',
    bank: BANKS.cpa,
    year: 2011,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1800,
    active: true,
  },
  {
    slug: 'institut-ain-el-fouara',
    name: 'Institut Aïn El Fouara',
    description:
      "Institut de beauté du centre de Sétif : soins du visage, manucure, épilation orientale et henné. Produits naturels à base d'huile d'olive et de plantes des Hauts-Plateaux.",
    address: 'Avenue du 8 Mai 1945, 19000 Sétif',
    city: 'Sétif',
    wilaya: 'Sétif',
    wilayaCode: '19',
    phone: '+213 36 84 26 13',
    businessType: 'beauty_salon',
    category: 'beaute',
    bank: BANKS.bdl,
    year: 2020,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'restaurant-djemila',
    name: 'Restaurant Djemila',
    description:
      "Table réputée de Sétif pour ses plats des Hauts-Plateaux : chakhchoukha, mhadjeb, agneau rôti aux herbes. L'été, déjeuners champêtres servis près du site romain de Djemila.",
    address: "Boulevard de l'ALN, 19000 Sétif",
    city: 'Sétif',
    wilaya: 'Sétif',
    wilayaCode: '19',
    phone: '+213 36 93 40 58',
    businessType: 'restaurant',
    category: 'gastronomie',
    bank: BANKS.bna,
    year: 2008,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'chrea-aventure',
    name: 'Chréa Aventure',
    description:
      "Parc d'aventure dans la cédraie du parc national de Chréa : accrobranche, tyroliennes, randonnée l'été, ski et raquettes quand la neige est là. À une heure d'Alger.",
    address: 'Station de Chréa, 09000 Blida',
    city: 'Chréa',
    wilaya: 'Blida',
    wilayaCode: '09',
    phone: '+213 770 55 18 42',
    businessType: 'adventure_park',
    category: 'sport',
    bank: BANKS.cnep,
    year: 2018,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'institut-yasmine',
    name: 'Institut de beauté Yasmine',
    description:
      "Institut blidéen où la fleur d'oranger de la Mitidja est à l'honneur : soins du visage, coiffure, maquillage et forfaits mariée préparés sur mesure.",
    address: 'Rue des Orangers, 09000 Blida',
    city: 'Blida',
    wilaya: 'Blida',
    wilayaCode: '09',
    phone: '+213 25 41 67 90',
    businessType: 'beauty_salon',
    category: 'beaute',
    bank: BANKS.cpa,
    year: 2017,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'hotel-le-phare-oran',
    name: 'Hôtel Le Phare',
    description:
      'Hôtel contemporain du boulevard du Millénium avec vue sur la baie, la montagne de Murdjadjo et le fort de Santa Cruz. Piscine sur le toit et petit-déjeuner oranais.',
    address: 'Boulevard du Millénium, Akid Lotfi, 31000 Oran',
    city: 'Oran',
    wilaya: 'Oran',
    wilayaCode: '31',
    phone: '+213 41 98 73 25',
    businessType: 'hotel',
    category: 'detente',
    bank: BANKS.bea,
    year: 2015,
    settlementCycle: 'monthly',
    kycStatus: 'verified',
    commissionBp: 1200,
    active: true,
  },
  {
    slug: 'dar-zitoun',
    name: 'Dar Zitoun',
    description:
      "Restaurant algérois installé dans une villa d'El Biar, sous un olivier centenaire. Couscous du vendredi, rechta, douceurs algéroises et un menu dégustation qui revisite les classiques.",
    address: '9 avenue Ali Khoudja, El Biar, 16030 Alger',
    city: 'El Biar',
    wilaya: 'Alger',
    wilayaCode: '16',
    phone: '+213 23 05 19 48',
    businessType: 'restaurant',
    category: 'gastronomie',
    bank: BANKS.bna,
    year: 2013,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'zeralda-karting',
    name: 'Zéralda Karting Club',
    description: 'Circuit de karting extérieur de 800 mètres sur la route du littoral, karts adultes et enfants.',
    address: 'Route du littoral, 16063 Zéralda',
    city: 'Zéralda',
    wilaya: 'Alger',
    wilayaCode: '16',
    phone: '+213 559 63 20 14',
    businessType: 'leisure_park',
    category: 'sport',
    bank: BANKS.bdl,
    year: 2021,
    settlementCycle: 'J+14',
    kycStatus: 'rejected',
    commissionBp: 1500,
    active: false,
  },
  {
    slug: 'atelier-lalla-zineb',
    name: 'Atelier Lalla Zineb',
    description:
      "Atelier de cuisine et de pâtisserie constantinoises au cœur de Souika. Lalla Zineb et ses filles transmettent les recettes de famille : trida roulée à la main, makrout, baklawa et qnidlette.",
    address: 'Rue Mellah Slimane, Souika, 25000 Constantine',
    city: 'Constantine',
    wilaya: 'Constantine',
    wilayaCode: '25',
    phone: '+213 790 12 84 36',
    businessType: 'cooking_school',
    category: 'traditionnel',
    bank: BANKS.cnep,
    year: 2021,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'centre-equestre-el-khayl',
    name: 'Centre équestre El Khayl',
    description:
      'Centre équestre proche du haras de Chaouchaoua, berceau du cheval barbe. Promenades, cours et randonnées sur les plateaux du Sersou.',
    address: 'Route de Chaouchaoua, 14000 Tiaret',
    city: 'Tiaret',
    wilaya: 'Tiaret',
    wilayaCode: '14',
    phone: '+213 46 42 18 75',
    businessType: 'equestrian_center',
    category: 'sport',
    bank: BANKS.badr,
    year: 2022,
    settlementCycle: 'J+14',
    kycStatus: 'pending',
    commissionBp: 1500,
    active: false,
  },
  {
    slug: 'hammam-medina-jdida',
    name: 'Hammam Medina Jdida',
    description:
      "Hammam oranais de quartier, rénové avec soin : salle chaude en marbre, gommage au savon beldi, enveloppements au rhassoul et salle de repos avec thé à la menthe.",
    address: 'Rue des Frères Guerrab, Medina Jdida, 31000 Oran',
    city: 'Oran',
    wilaya: 'Oran',
    wilayaCode: '31',
    phone: '+213 41 33 56 29',
    businessType: 'hammam',
    category: 'traditionnel',
    bank: BANKS.cpa,
    year: 2014,
    settlementCycle: 'J+7',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'club-nautique-tipaza',
    name: 'Club nautique de Tipaza',
    description:
      'Club de voile et de paddle au port de Tipaza, entre les ruines romaines et le mont Chenoua. Sorties encadrées pour tous niveaux, de mai à octobre.',
    address: 'Port de Tipaza, 42000 Tipaza',
    city: 'Tipaza',
    wilaya: 'Tipaza',
    wilayaCode: '42',
    phone: '+213 24 47 29 61',
    businessType: 'water_sports',
    category: 'sport',
    bank: BANKS.bdl,
    year: 2016,
    settlementCycle: 'J+14',
    kycStatus: 'verified',
    commissionBp: 1500,
    active: true,
  },
  {
    slug: 'thermes-hammam-salihine',
    name: 'Thermes de Hammam Salihine',
    description:
      'Station thermale aux portes de Biskra, réputée pour ses eaux chaudes naturelles. Bains, enveloppements de boue et séjours de remise en forme entre palmeraie et montagnes des Aurès.',
    address: 'Hammam Salihine, 07000 Biskra',
    city: 'Biskra',
    wilaya: 'Biskra',
    wilayaCode: '07',
    phone: '+213 33 73 40 92',
    businessType: 'spa_wellness',
    category: 'bien-etre',
    bank: BANKS.bna,
    year: 2012,
    settlementCycle: 'monthly',
    kycStatus: 'pending',
    commissionBp: 1500,
    active: false,
  },
];

export const SEED_PARTNERS: SeedPartner[] = PARTNER_INPUT.map((p, i) => {
  const { wilayaCode, bank, year, ...rest } = p;
  const serial = String(1_000_000 + ((i + 3) * 377_411) % 9_000_000).padStart(7, '0');
  return {
    ...rest,
    // Registre du commerce: <wilaya>/00-<number> B <year>; NIF: 15 digits.
    registrationNumber: `${wilayaCode}/00-${serial} B ${String(year).slice(2)}`,
    taxNumber: `000${wilayaCode}${String(year).slice(2)}${String(10_000_000 + ((i + 5) * 42_191_137) % 89_999_999).padStart(8, '0')}`,
    iban: iban(bank, i + 1),
    bankName: bank.name,
    email: `${p.slug}@partenaires.demo.farha.dz`,
    logoUrl: `/images/partners/${p.slug}.webp`,
  };
});

/** The partner of partenaire@demo.farha.dz and staff@demo.farha.dz. */
export const DEMO_PARTNER_SLUG = 'hammam-dar-essalam';
/** The partner of partenaire2@demo.farha.dz: shares no box with the first. */
export const DEMO_PARTNER2_SLUG = 'restaurant-el-bahia';

// ---------------------------------------------------------------------------------------------------
// Offers

const TERMS: Record<TOfferCategory, string> = {
  'bien-etre': "Sur réservation au moins 48 h à l'avance. Prévoir un maillot de bain ; serviettes et peignoir fournis.",
  gastronomie: "Sur réservation au moins 48 h à l'avance. Boissons non comprises sauf mention contraire.",
  sport: "Sur réservation, selon les conditions météo. Tenue adaptée exigée ; matériel et encadrement fournis.",
  traditionnel: "Sur réservation au moins 48 h à l'avance. Présentez le QR code de votre coffret à l'arrivée.",
  detente: "Sur réservation selon disponibilités, au moins 48 h à l'avance. Taxe de séjour incluse.",
  beaute: "Sur rendez-vous au moins 48 h à l'avance. Tout retard de plus de 15 minutes peut écourter le soin.",
};

type OfferInput = Omit<SeedOffer, 'slug' | 'partnerSlug' | 'termsConditions' | 'active' | 'imageUrl' | 'titleAr' | 'descriptionAr'> & {
  key: string;
  terms?: string;
};

const OFFER_INPUT: Record<string, OfferInput[]> = {
  'hammam-dar-essalam': [
    {
      key: 'rituel-hammam',
      title: 'Rituel hammam et gommage au savon noir',
      description:
        'Bain de vapeur sous les coupoles, gommage intégral à la kessa et au savon noir, puis thé à la menthe dans la salle de repos. Durée : 1 h 30.',
      category: 'bien-etre',
      faceValue: 5000,
    },
    {
      key: 'hammam-massage',
      title: "Hammam, gommage et massage à l'huile d'argan (60 min)",
      description:
        "Le rituel complet : hammam, gommage au savon noir, enveloppement au ghassoul et massage relaxant d'une heure à l'huile d'argan.",
      category: 'bien-etre',
      faceValue: 9000,
    },
  ],
  'restaurant-el-bahia': [
    {
      key: 'dejeuner-oranais',
      title: 'Déjeuner oranais pour deux',
      description:
        'Entrée de calentica et salade oranaise, karantika ou poisson grillé du jour, dessert maison et thé à la menthe, pour deux personnes.',
      category: 'gastronomie',
      faceValue: 6500,
    },
    {
      key: 'diner-de-la-mer',
      title: 'Dîner de la mer pour deux',
      description:
        "Dîner en terrasse face au port : assortiment d'entrées marines, paella à l'oranaise ou loup grillé, desserts et boissons fraîches pour deux.",
      category: 'gastronomie',
      faceValue: 11000,
    },
  ],
  'spa-jardins-hydra': [
    {
      key: 'massage-relaxant',
      title: 'Massage relaxant aux huiles essentielles (60 min)',
      description:
        "Massage du corps entier aux huiles de fleur d'oranger et de lavande, suivi d'un moment au bassin chauffé et d'une infusion au jardin.",
      category: 'bien-etre',
      faceValue: 7500,
    },
    {
      key: 'journee-spa-duo',
      title: 'Journée spa en duo',
      description:
        'Pour deux : accès au hammam privatif et au bassin, gommage, massage de 60 minutes chacun et déjeuner léger au salon de thé.',
      category: 'bien-etre',
      faceValue: 22000,
    },
  ],
  'dar-diaf-cirta': [
    {
      key: 'menu-constantinois',
      title: 'Menu constantinois pour deux',
      description: 'Chorba frik, bourek, tajine el aïn aux pruneaux et amandes, puis jawzia et café, pour deux personnes.',
      category: 'gastronomie',
      faceValue: 5500,
    },
    {
      key: 'diner-des-ponts',
      title: 'Dîner des Ponts pour deux',
      description:
        'Le grand dîner de la maison : trilogie de bourek, chbah essafra, agneau confit aux coings, assortiment de douceurs constantinoises.',
      category: 'gastronomie',
      faceValue: 9500,
    },
  ],
  'hotel-ponts-suspendus': [
    {
      key: 'nuit-double',
      title: 'Nuit en chambre double avec petit-déjeuner',
      description: 'Une nuit pour deux en chambre supérieure avec vue sur les gorges du Rhumel et petit-déjeuner constantinois.',
      category: 'detente',
      faceValue: 16000,
    },
    {
      key: 'week-end-prestige',
      title: 'Week-end deux nuits avec dîner',
      description:
        'Deux nuits pour deux en suite, petits-déjeuners, un dîner au restaurant panoramique et une visite guidée des ponts de Constantine.',
      category: 'detente',
      faceValue: 38000,
    },
  ],
  'auberge-yakouren': [
    {
      key: 'nuit-chalet',
      title: 'Nuit en chalet au cœur de la forêt',
      description: 'Une nuit pour deux dans un chalet en bois avec cheminée, dîner kabyle et petit-déjeuner au miel de montagne.',
      category: 'detente',
      faceValue: 12000,
    },
    {
      key: 'sejour-demi-pension',
      title: 'Séjour de deux nuits en demi-pension',
      description: 'Deux nuits pour deux en chalet, dîners et petits-déjeuners, et une randonnée guidée dans la forêt de Yakouren.',
      category: 'detente',
      faceValue: 27000,
    },
    {
      key: 'dejeuner-kabyle',
      title: 'Déjeuner kabyle : couscous aux légumes et galette',
      description:
        "Déjeuner pour deux sur la terrasse de l'auberge : couscous aux légumes de saison, galette au feu de bois, huile d'olive du village et figues sèches.",
      category: 'gastronomie',
      faceValue: 6500,
    },
  ],
  'djurdjura-verticale': [
    {
      key: 'initiation-escalade',
      title: "Initiation à l'escalade en falaise (demi-journée)",
      description: "Une demi-journée encadrée sur une falaise école : nœuds, assurage et premières voies. Dès 12 ans, matériel fourni.",
      category: 'sport',
      faceValue: 4000,
    },
    {
      key: 'journee-grimpe',
      title: 'Journée grimpe encadrée et pique-nique kabyle',
      description:
        'Une journée dans le massif du Djurdjura avec un moniteur : grandes voies faciles, panorama sur les crêtes et pique-nique kabyle.',
      category: 'sport',
      faceValue: 8000,
    },
  ],
  'thalasso-gouraya': [
    {
      key: 'parcours-marin',
      title: 'Parcours marin et bain hydromassant',
      description: "Deux heures de parcours marin en eau de mer chauffée, jets sous-marins, bain hydromassant et enveloppement d'algues.",
      category: 'bien-etre',
      faceValue: 8500,
    },
    {
      key: 'journee-thalasso-duo',
      title: 'Journée thalasso en duo',
      description:
        'Pour deux : parcours marin, enveloppement, massage sous affusion et déjeuner diététique face au golfe de Béjaïa.',
      category: 'bien-etre',
      faceValue: 21000,
    },
  ],
  'plongee-cap-carbon': [
    {
      key: 'bapteme-plongee',
      title: 'Baptême de plongée à Cap Carbon',
      description: 'Briefing, équipement complet et première plongée de 30 minutes à 6 mètres avec un moniteur, au pied du Cap Carbon.',
      category: 'sport',
      faceValue: 7000,
    },
    {
      key: 'kayak-de-mer',
      title: 'Sortie en kayak de mer',
      description: "Deux heures de kayak le long des criques des Aiguades jusqu'aux grottes marines, encadrées par un guide.",
      category: 'sport',
      faceValue: 4500,
    },
  ],
  'hammam-hippone': [
    {
      key: 'hammam-kessa',
      title: 'Hammam et gommage à la kessa',
      description: 'Accès à la salle chaude voûtée et gommage traditionnel à la kessa par une tayabba, thé et gâteaux offerts.',
      category: 'traditionnel',
      faceValue: 3500,
    },
    {
      key: 'soin-ghassoul',
      title: "Soin du visage au ghassoul et à l'eau de rose",
      description: "Nettoyage, masque au ghassoul, modelage du visage et brume d'eau de rose distillée à Constantine. Durée : 45 minutes.",
      category: 'beaute',
      faceValue: 5500,
    },
  ],
  'la-caroube': [
    {
      key: 'plateau-de-la-mer',
      title: 'Plateau de la mer pour deux',
      description: 'Grand plateau de poissons et fruits de mer du jour, grillés ou à la plancha, avec salades et dessert à la caroube.',
      category: 'gastronomie',
      faceValue: 9000,
    },
    {
      key: 'dejeuner-baie',
      title: 'Déjeuner face à la baie pour deux',
      description: "Entrée, sardines grillées ou dorade, dessert et boissons, en terrasse face à la baie d'Annaba.",
      category: 'gastronomie',
      faceValue: 6000,
    },
  ],
  'dar-el-hadj-tlemcen': [
    {
      key: 'nuit-andalouse',
      title: 'Nuit dans une demeure andalouse',
      description: 'Une nuit pour deux dans une chambre ouverte sur le patio, petit-déjeuner tlemcénien et thé au bord de la fontaine.',
      category: 'detente',
      faceValue: 13000,
    },
    {
      key: 'sejour-decouverte',
      title: 'Séjour découverte de Tlemcen (deux nuits)',
      description:
        "Deux nuits pour deux, petits-déjeuners, un dîner familial et une journée guidée : Grande Mosquée, Mansourah, El Mechouar et cascades d'El Ourit.",
      category: 'traditionnel',
      faceValue: 32000,
    },
  ],
  'salon-the-mechouar': [
    {
      key: 'the-patisseries',
      title: 'Thé à la menthe et pâtisseries tlemcéniennes pour deux',
      description: 'Théière de thé à la menthe, assortiment de pâtisseries maison (makrout, griwech, halwat tabaa) pour deux.',
      category: 'gastronomie',
      faceValue: 3000,
    },
    {
      key: 'atelier-cuisine',
      title: 'Atelier de cuisine tlemcénienne',
      description: 'Trois heures aux fourneaux pour apprendre la harira et le loubia tlemcéniens, puis dégustation de vos plats.',
      category: 'traditionnel',
      faceValue: 5500,
    },
  ],
  'ksar-tafilelt': [
    {
      key: 'nuit-au-ksar',
      title: 'Nuit au ksar avec dîner mozabite',
      description: 'Une nuit pour deux dans une chambre traditionnelle, dîner mozabite sur la terrasse et petit-déjeuner aux dattes.',
      category: 'traditionnel',
      faceValue: 11000,
    },
    {
      key: 'sejour-trois-nuits',
      title: "Séjour de trois nuits dans la vallée du M'zab",
      description:
        "Trois nuits pour deux en pension complète, visites guidées des cinq ksour, de la palmeraie et du marché de Ghardaïa.",
      category: 'detente',
      faceValue: 45000,
    },
    {
      key: 'diner-mozabite',
      title: 'Dîner mozabite et visite du ksar',
      description: "Visite commentée du ksar écologique de Tafilelt au coucher du soleil, suivie d'un dîner mozabite pour deux.",
      category: 'traditionnel',
      faceValue: 5500,
    },
  ],
  'mzab-decouverte': [
    {
      key: 'visite-ksour',
      title: "Visite guidée des ksour du M'zab",
      description: 'Trois heures à pied avec un guide mozabite : ksar de Ghardaïa, mosquée de Beni Isguen et marché à la criée.',
      category: 'traditionnel',
      faceValue: 4500,
    },
    {
      key: 'journee-palmeraie',
      title: 'Journée palmeraie et ksar de Beni Isguen',
      description: "Une journée complète : palmeraie et système de partage des eaux, ksar de Beni Isguen et déjeuner chez l'habitant.",
      category: 'traditionnel',
      faceValue: 8000,
    },
  ],
  'tassili-expeditions': [
    {
      key: 'circuit-quatre-jours',
      title: "Circuit de quatre jours dans le Tassili n'Ajjer",
      description:
        "Quatre jours et trois nuits de bivouac : Tadrart rouge, arches de grès, gravures de Tin Taghirt, cuisinier et chauffeur touaregs inclus.",
      category: 'sport',
      faceValue: 52000,
    },
    {
      key: 'randonnee-gravures',
      title: "Randonnée d'une journée vers les gravures rupestres",
      description: "Randonnée guidée depuis Djanet jusqu'à la Vache qui pleure et aux gravures rupestres, déjeuner au désert inclus.",
      category: 'sport',
      faceValue: 14000,
    },
  ],
  'bivouac-erg-admer': [
    {
      key: 'nuit-bivouac',
      title: 'Nuit en bivouac sous les étoiles avec dîner touareg',
      description: 'Transfert en 4x4, nuit sous tente nomade, dîner touareg et taguella cuite sous le sable, petit-déjeuner face aux dunes.',
      category: 'detente',
      faceValue: 17000,
    },
    {
      key: 'balade-dromadaire',
      title: 'Balade à dos de dromadaire au coucher du soleil',
      description: "Deux heures de balade avec un chamelier dans l'Erg Admer, pause thé au sommet d'une dune au coucher du soleil.",
      category: 'detente',
      faceValue: 6000,
    },
    {
      key: 'the-et-contes',
      title: 'Soirée thé et contes touaregs autour du feu',
      description: 'Soirée au campement : trois thés à la braise, musique et contes touaregs autour du feu, sous le ciel du Sahara.',
      category: 'traditionnel',
      faceValue: 5000,
    },
  ],
  'assekrem-treks': [
    {
      key: 'lever-de-soleil',
      title: "Lever de soleil à l'Assekrem (deux jours)",
      description: "Montée en 4x4 dans l'Atakor, nuit au refuge de l'Assekrem et lever de soleil sur les pitons du Hoggar.",
      category: 'sport',
      faceValue: 34000,
    },
    {
      key: 'randonnee-chameliere',
      title: "Randonnée chamelière dans l'Atakor (cinq jours)",
      description: 'Cinq jours de marche accompagnés de dromadaires et de chameliers touaregs, bivouacs et repas compris.',
      category: 'sport',
      faceValue: 56000,
    },
  ],
  'institut-ain-el-fouara': [
    {
      key: 'soin-visage',
      title: 'Soin visage hydratant et modelage',
      description: "Soin d'une heure : nettoyage, gommage doux, masque à l'huile d'olive et au miel, modelage du visage et des épaules.",
      category: 'beaute',
      faceValue: 5000,
    },
    {
      key: 'manucure-henne',
      title: 'Manucure, pédicure et pose de henné',
      description: "Manucure et pédicure complètes, suivies d'une pose de henné traditionnelle sur les mains.",
      category: 'beaute',
      faceValue: 4000,
    },
  ],
  'restaurant-djemila': [
    {
      key: 'menu-setifien',
      title: 'Menu sétifien pour deux',
      description: "Chorba, mhadjeb, chakhchoukha sétifienne à l'agneau et dessert maison, pour deux personnes.",
      category: 'gastronomie',
      faceValue: 5000,
    },
    {
      key: 'diner-hauts-plateaux',
      title: 'Dîner gastronomique des Hauts-Plateaux pour deux',
      description: "Menu en cinq temps autour de l'agneau rôti aux herbes, du blé dur et des fromages de la région, pour deux.",
      category: 'gastronomie',
      faceValue: 10000,
    },
    {
      key: 'dejeuner-champetre',
      title: 'Déjeuner champêtre aux portes de Djemila',
      description: 'Panier de déjeuner pour deux (galette, salade, grillades, fruits) à savourer près du site romain de Djemila.',
      category: 'gastronomie',
      faceValue: 3500,
    },
  ],
  'chrea-aventure': [
    {
      key: 'accrobranche',
      title: 'Parcours accrobranche dans les cèdres',
      description: "Deux heures de parcours dans les cèdres de l'Atlas : ponts de singe, filets et tyroliennes. Dès 8 ans.",
      category: 'sport',
      faceValue: 3000,
    },
    {
      key: 'journee-ski-raquettes',
      title: 'Journée ski ou raquettes à Chréa',
      description: "Location du matériel, forfait et encadrement pour une journée de ski ou de randonnée en raquettes selon l'enneigement.",
      category: 'sport',
      faceValue: 7500,
    },
  ],
  'institut-yasmine': [
    {
      key: 'soin-eclat',
      title: "Soin visage éclat à la fleur d'oranger",
      description: "Soin de 45 minutes à l'eau de fleur d'oranger de la Mitidja : nettoyage, masque éclat et massage du visage.",
      category: 'beaute',
      faceValue: 4500,
    },
    {
      key: 'rituel-mariee',
      title: 'Rituel beauté de la mariée',
      description: 'Hammam, gommage, soin du visage, manucure, coiffure et maquillage le jour J, avec un essai préalable.',
      category: 'beaute',
      faceValue: 19000,
    },
  ],
  'hotel-le-phare-oran': [
    {
      key: 'nuit-vue-mer',
      title: 'Nuit vue mer avec petit-déjeuner',
      description: "Une nuit pour deux en chambre vue mer, petit-déjeuner oranais et accès à la piscine sur le toit.",
      category: 'detente',
      faceValue: 15000,
    },
    {
      key: 'week-end-romantique',
      title: 'Week-end romantique de deux nuits',
      description: "Deux nuits pour deux en suite vue mer, dîner aux chandelles, petits-déjeuners servis en chambre et départ tardif.",
      category: 'detente',
      faceValue: 36000,
    },
  ],
  'dar-zitoun': [
    {
      key: 'couscous-royal',
      title: 'Couscous royal et douceurs algéroises pour deux',
      description: 'Couscous aux sept légumes, agneau et merguez, puis assortiment de douceurs algéroises et thé à la menthe.',
      category: 'gastronomie',
      faceValue: 6000,
    },
    {
      key: 'diner-degustation',
      title: 'Dîner dégustation en six temps pour deux',
      description: "Le menu du chef en six temps qui revisite la cuisine algéroise : bourek, rechta, mtewem, desserts à l'amande.",
      category: 'gastronomie',
      faceValue: 14000,
    },
  ],
  'zeralda-karting': [
    {
      key: 'session-karting',
      title: 'Session de karting de 20 minutes',
      description: 'Briefing sécurité, équipement et 20 minutes de piste sur un kart 270 cm³.',
      category: 'sport',
      faceValue: 4000,
    },
    {
      key: 'grand-prix',
      title: 'Grand prix entre amis',
      description: 'Essais, qualifications et course de 15 tours, podium et remise des prix.',
      category: 'sport',
      faceValue: 9000,
    },
  ],
  'atelier-lalla-zineb': [
    {
      key: 'gouter-constantinois',
      title: 'Goûter constantinois : makrout, baklawa et café',
      description: "Assortiment de pâtisseries de l'atelier (makrout, baklawa, qnidlette) et café à la fleur d'oranger, pour deux.",
      category: 'gastronomie',
      faceValue: 3000,
    },
    {
      key: 'cours-trida',
      title: 'Cours de cuisine : trida et chbah essafra',
      description: 'Trois heures avec Lalla Zineb pour rouler la trida à la main et préparer le chbah essafra, puis déjeuner ensemble.',
      category: 'traditionnel',
      faceValue: 6000,
    },
  ],
  'centre-equestre-el-khayl': [
    {
      key: 'promenade-cheval',
      title: "Promenade à cheval d'une heure",
      description: 'Une heure de balade accompagnée sur les plateaux, sur un cheval barbe adapté à votre niveau.',
      category: 'sport',
      faceValue: 4000,
    },
    {
      key: 'journee-cavalier',
      title: 'Journée du cavalier avec déjeuner',
      description: "Cours le matin, randonnée l'après-midi et déjeuner au centre équestre.",
      category: 'sport',
      faceValue: 12000,
    },
  ],
  'hammam-medina-jdida': [
    {
      key: 'hammam-beldi',
      title: 'Hammam oranais et gommage au savon beldi',
      description: "Hammam en salle de marbre, gommage au savon beldi, rinçage à l'eau de fleur d'oranger et thé en salle de repos.",
      category: 'traditionnel',
      faceValue: 4500,
    },
    {
      key: 'forfait-detente',
      title: 'Forfait détente : hammam et soin du corps',
      description: 'Hammam, gommage, enveloppement au rhassoul et massage du dos de 30 minutes.',
      category: 'bien-etre',
      faceValue: 8000,
    },
  ],
  'club-nautique-tipaza': [
    {
      key: 'paddle',
      title: 'Paddle au pied des ruines romaines (1 h 30)',
      description: "Une heure et demie de paddle encadré le long des ruines de Tipaza, baignade dans une crique si la mer le permet.",
      category: 'sport',
      faceValue: 3000,
    },
    {
      key: 'sortie-voilier',
      title: 'Sortie en voilier le long du Chenoua',
      description: "Demi-journée en voilier jusqu'au mont Chenoua, initiation à la barre et collation à bord, jusqu'à quatre personnes.",
      category: 'sport',
      faceValue: 12000,
    },
  ],
  'thermes-hammam-salihine': [
    {
      key: 'bain-thermal',
      title: 'Bain thermal et enveloppement à la boue',
      description: 'Bain dans les eaux chaudes de la source, enveloppement de boue thermale et repos dans la palmeraie.',
      category: 'bien-etre',
      faceValue: 6000,
    },
    {
      key: 'sejour-thermal',
      title: 'Séjour thermal de deux nuits',
      description: 'Deux nuits en pension complète avec quatre soins thermaux par jour.',
      category: 'bien-etre',
      faceValue: 28000,
    },
  ],
};

const partnerActive = new Map(SEED_PARTNERS.map((p) => [p.slug, p.active]));

export const SEED_OFFERS: SeedOffer[] = Object.entries(OFFER_INPUT).flatMap(([partnerSlug, list]) =>
  list.map(({ key, terms, ...o }) => ({
    ...o,
    slug: `${partnerSlug}--${key}`,
    titleAr: OFFER_AR[`${partnerSlug}--${key}`]?.[0] ?? null,
    descriptionAr: OFFER_AR[`${partnerSlug}--${key}`]?.[1] ?? null,
    partnerSlug,
    termsConditions: terms ?? TERMS[o.category],
    // Offers of partners that are not (yet) active are drafts.
    active: partnerActive.get(partnerSlug) ?? false,
    imageUrl: `/images/offers/${o.category}.webp`,
  })),
);

// ---------------------------------------------------------------------------------------------------
// Boxes

const o = (partnerSlug: string, key: string) => `${partnerSlug}--${key}`;

type BoxInput = Omit<SeedBox, 'imageUrl' | 'exchangeOnce' | 'validityDays' | 'variant' | 'nameAr' | 'descriptionAr'> & {
  exchangeOnce?: boolean;
  validityDays?: SeedBox['validityDays'];
  variant?: number;
};

const BOX_INPUT: BoxInput[] = [
  // nassim — Bien-être
  {
    slug: 'parenthese-hammam',
    name: 'Parenthèse Hammam',
    description:
      "Vapeur, savon noir et eau de rose : une pause au hammam comme on les aime. À choisir parmi des hammams traditionnels et instituts d'Alger, d'Oran, d'Annaba, de Sétif et de Blida.",
    price: 6000,
    category: 'nassim',
    scene: 'hammam',
    offerSlugs: [
      o('hammam-dar-essalam', 'rituel-hammam'),
      o('hammam-hippone', 'soin-ghassoul'),
      o('hammam-medina-jdida', 'hammam-beldi'),
      o('institut-ain-el-fouara', 'soin-visage'),
      o('institut-yasmine', 'soin-eclat'),
    ],
  },
  {
    slug: 'rituel-bien-etre',
    name: 'Rituel Bien-être',
    description:
      "Massage aux huiles précieuses, parcours marin ou hammam complet : un vrai moment pour soi. Des adresses choisies à Alger, Oran et Béjaïa pour relâcher toutes les tensions.",
    price: 10000,
    category: 'nassim',
    scene: 'spa',
    offerSlugs: [
      o('hammam-dar-essalam', 'hammam-massage'),
      o('spa-jardins-hydra', 'massage-relaxant'),
      o('thalasso-gouraya', 'parcours-marin'),
      o('hammam-medina-jdida', 'forfait-detente'),
    ],
  },
  {
    slug: 'escapade-spa-duo',
    name: 'Escapade Spa Duo',
    description:
      'Une journée entière de soins à partager : spa, thalasso ou grand rituel beauté. Le cadeau idéal pour un couple, deux amies ou une future mariée.',
    price: 25000,
    category: 'nassim',
    scene: 'spa',
    variant: 1,
    offerSlugs: [
      o('spa-jardins-hydra', 'journee-spa-duo'),
      o('thalasso-gouraya', 'journee-thalasso-duo'),
      o('institut-yasmine', 'rituel-mariee'),
    ],
  },
  {
    slug: 'eclat-beaute',
    name: 'Éclat Beauté',
    description:
      "Un soin du visage à la fleur d'oranger ou une mise en beauté des mains au henné. Un petit cadeau qui fait toujours plaisir.",
    price: 5000,
    validityDays: 180,
    category: 'nassim',
    scene: 'beauty',
    offerSlugs: [o('institut-ain-el-fouara', 'manucure-henne'), o('institut-yasmine', 'soin-eclat')],
  },
  // itri — Gastronomie
  {
    slug: 'saveurs-d-algerie',
    name: "Saveurs d'Algérie",
    description:
      "Un repas pour deux à travers le pays : couscous algérois, karantika oranaise, tajine el aïn constantinois ou chakhchoukha sétifienne. Huit tables et ateliers de tradition au choix.",
    price: 7000,
    category: 'itri',
    scene: 'couscous',
    offerSlugs: [
      o('restaurant-el-bahia', 'dejeuner-oranais'),
      o('dar-diaf-cirta', 'menu-constantinois'),
      o('la-caroube', 'dejeuner-baie'),
      o('dar-zitoun', 'couscous-royal'),
      o('restaurant-djemila', 'menu-setifien'),
      o('salon-the-mechouar', 'atelier-cuisine'),
      o('atelier-lalla-zineb', 'cours-trida'),
      o('auberge-yakouren', 'dejeuner-kabyle'),
    ],
  },
  {
    slug: 'table-gourmande',
    name: 'Table Gourmande',
    description:
      "Un dîner pour deux dans de belles maisons d'Oran, de Constantine, d'Annaba ou de Sétif. Produits de la mer ou grands classiques du terroir, servis avec générosité.",
    price: 12000,
    category: 'itri',
    scene: 'tajine',
    offerSlugs: [
      o('restaurant-el-bahia', 'diner-de-la-mer'),
      o('dar-diaf-cirta', 'diner-des-ponts'),
      o('la-caroube', 'plateau-de-la-mer'),
      o('restaurant-djemila', 'diner-hauts-plateaux'),
    ],
  },
  {
    slug: 'diner-d-exception',
    name: "Dîner d'Exception",
    description:
      "Menu dégustation du chef à Alger ou grand dîner de la mer à Oran : une soirée à deux qui se raconte longtemps. Pour un anniversaire ou une grande nouvelle.",
    price: 15000,
    category: 'itri',
    scene: 'tajine',
    variant: 1,
    offerSlugs: [o('dar-zitoun', 'diner-degustation'), o('restaurant-el-bahia', 'diner-de-la-mer')],
  },
  {
    slug: 'pause-gourmande',
    name: 'Pause Gourmande',
    description:
      'Thé à la menthe, makrout et baklawa : un goûter à deux à Tlemcen ou à Constantine. La petite attention qui réchauffe le cœur.',
    price: 3500,
    validityDays: 90,
    category: 'itri',
    scene: 'tea',
    offerSlugs: [o('salon-the-mechouar', 'the-patisseries'), o('atelier-lalla-zineb', 'gouter-constantinois')],
  },
  // rahla — Voyages
  {
    slug: 'grande-evasion-saharienne',
    name: 'Grande Évasion Saharienne',
    description:
      "Le voyage d'une vie : circuit dans le Tassili n'Ajjer, randonnée chamelière dans le Hoggar ou séjour dans la vallée du M'zab. Guides touaregs et mozabites, nuits sous les étoiles.",
    price: 60000,
    validityDays: 730,
    exchangeOnce: false,
    category: 'rahla',
    scene: 'desert',
    offerSlugs: [
      o('tassili-expeditions', 'circuit-quatre-jours'),
      o('assekrem-treks', 'randonnee-chameliere'),
      o('ksar-tafilelt', 'sejour-trois-nuits'),
    ],
  },
  {
    slug: 'voyage-au-coeur-du-patrimoine',
    name: 'Voyage au Cœur du Patrimoine',
    description:
      "Deux jours pour se laisser conter l'Algérie : la médina andalouse de Tlemcen, les forêts de Kabylie ou le lever de soleil mythique de l'Assekrem.",
    price: 36000,
    category: 'rahla',
    scene: 'bridge',
    offerSlugs: [
      o('dar-el-hadj-tlemcen', 'sejour-decouverte'),
      o('auberge-yakouren', 'sejour-demi-pension'),
      o('assekrem-treks', 'lever-de-soleil'),
    ],
  },
  {
    slug: 'escapade-nature',
    name: 'Escapade Nature',
    description:
      "Gravures rupestres de Djanet, voilier au large du Chenoua ou nuit en chalet à Yakouren : trois façons de respirer grand. Pour les amoureux des grands espaces.",
    price: 16000,
    category: 'rahla',
    scene: 'mountains',
    offerSlugs: [
      o('tassili-expeditions', 'randonnee-gravures'),
      o('club-nautique-tipaza', 'sortie-voilier'),
      o('auberge-yakouren', 'nuit-chalet'),
    ],
  },
  {
    slug: 'journee-d-evasion',
    name: "Journée d'Évasion",
    description:
      "Une journée pour changer d'air : palmeraie de Beni Isguen, baptême de plongée à Béjaïa ou neige de Chréa. De quoi rentrer avec mille souvenirs.",
    price: 10000,
    category: 'rahla',
    scene: 'oasis',
    offerSlugs: [
      o('mzab-decouverte', 'journee-palmeraie'),
      o('plongee-cap-carbon', 'bapteme-plongee'),
      o('chrea-aventure', 'journee-ski-raquettes'),
    ],
  },
  // layali — Nuits
  {
    slug: 'nuit-etoilee',
    name: 'Nuit Étoilée',
    description:
      "Une nuit pour deux, sous le ciel du Sahara, dans une demeure andalouse ou face à la mer. Quatre adresses de caractère pour s'offrir une parenthèse hors du temps.",
    price: 18000,
    category: 'layali',
    scene: 'riad',
    offerSlugs: [
      o('hotel-ponts-suspendus', 'nuit-double'),
      o('dar-el-hadj-tlemcen', 'nuit-andalouse'),
      o('hotel-le-phare-oran', 'nuit-vue-mer'),
      o('bivouac-erg-admer', 'nuit-bivouac'),
    ],
  },
  {
    slug: 'week-end-prestige',
    name: 'Week-end Prestige',
    description:
      "Deux nuits en suite, dîners et petits-déjeuners compris, à Constantine, à Oran ou à Tlemcen. Un week-end d'exception pour célébrer ce qui compte.",
    price: 40000,
    category: 'layali',
    scene: 'seaNight',
    offerSlugs: [
      o('hotel-ponts-suspendus', 'week-end-prestige'),
      o('hotel-le-phare-oran', 'week-end-romantique'),
      o('dar-el-hadj-tlemcen', 'sejour-decouverte'),
    ],
  },
  {
    slug: 'nuit-depaysante',
    name: 'Nuit Dépaysante',
    description:
      "Patio andalou, chalet en forêt ou ksar mozabite : une nuit pour deux qui dépayse sans partir loin. Dîner ou petit-déjeuner compris selon l'adresse.",
    price: 14000,
    category: 'layali',
    scene: 'riad',
    variant: 1,
    offerSlugs: [
      o('dar-el-hadj-tlemcen', 'nuit-andalouse'),
      o('auberge-yakouren', 'nuit-chalet'),
      o('ksar-tafilelt', 'nuit-au-ksar'),
    ],
  },
  // bahja — Loisirs
  {
    slug: 'petite-bulle-d-air',
    name: "Petite Bulle d'Air",
    description:
      "Paddle au pied des ruines de Tipaza ou accrobranche dans les cèdres de Chréa. Un petit prix pour une grande bouffée d'air frais.",
    price: 3500,
    validityDays: 180,
    category: 'bahja',
    scene: 'sea',
    offerSlugs: [o('club-nautique-tipaza', 'paddle'), o('chrea-aventure', 'accrobranche')],
  },
  {
    slug: 'sensations-fortes',
    name: 'Sensations Fortes',
    description:
      "Grimper dans le Djurdjura, plonger au Cap Carbon ou dévaler les pentes de Chréa : pour ceux qui aiment que le cœur batte un peu plus vite.",
    price: 9000,
    category: 'bahja',
    scene: 'climbing',
    offerSlugs: [
      o('djurdjura-verticale', 'journee-grimpe'),
      o('plongee-cap-carbon', 'bapteme-plongee'),
      o('chrea-aventure', 'journee-ski-raquettes'),
    ],
  },
  {
    slug: 'aventure-en-plein-air',
    name: 'Aventure en Plein Air',
    description:
      "Première voie d'escalade, kayak jusqu'aux grottes marines ou balade dans les ksour du M'zab : une activité encadrée pour découvrir en douceur.",
    price: 5500,
    category: 'bahja',
    scene: 'climbing',
    variant: 1,
    offerSlugs: [
      o('djurdjura-verticale', 'initiation-escalade'),
      o('plongee-cap-carbon', 'kayak-de-mer'),
      o('mzab-decouverte', 'visite-ksour'),
    ],
  },
  // Other product lines
  {
    slug: 'tassili-gravures-et-bivouac',
    name: 'Tassili, Gravures et Bivouac',
    description:
      "Sur les traces des premiers peintres du Sahara : randonnée vers les gravures rupestres de Djanet ou nuit de bivouac dans l'Erg Admer. Le Tassili comme on le rêve.",
    price: 20000,
    validityDays: 730,
    category: 'tassili',
    scene: 'tassili',
    offerSlugs: [o('tassili-expeditions', 'randonnee-gravures'), o('bivouac-erg-admer', 'nuit-bivouac')],
  },
  {
    slug: 'alger-la-blanche',
    name: 'Alger la Blanche',
    description:
      "Un rituel au hammam sous les coupoles de La Casbah ou un couscous royal sous l'olivier d'El Biar. Alger comme les Algérois l'aiment.",
    price: 7000,
    category: 'casbah',
    scene: 'casbah',
    offerSlugs: [o('dar-zitoun', 'couscous-royal'), o('hammam-dar-essalam', 'rituel-hammam')],
  },
  {
    slug: 'sahra-premiers-pas',
    name: 'Sahra, Premiers Pas',
    description:
      "Une première rencontre avec le désert : balade à dos de dromadaire, soirée de contes touaregs ou dîner dans un ksar mozabite.",
    price: 6500,
    category: 'sahra',
    scene: 'desert',
    variant: 1,
    offerSlugs: [
      o('bivouac-erg-admer', 'balade-dromadaire'),
      o('bivouac-erg-admer', 'the-et-contes'),
      o('ksar-tafilelt', 'diner-mozabite'),
    ],
  },
  {
    slug: 'sur-les-pas-de-numidie',
    name: 'Sur les Pas de Numidie',
    description:
      "Tipaza, Djemila, Hippone : trois cités antiques, trois petites expériences pour voyager dans le temps. Paddle, déjeuner champêtre ou hammam au choix.",
    price: 4000,
    category: 'numidia',
    scene: 'ruins',
    offerSlugs: [
      o('club-nautique-tipaza', 'paddle'),
      o('restaurant-djemila', 'dejeuner-champetre'),
      o('hammam-hippone', 'hammam-kessa'),
    ],
  },
  {
    slug: 'tiziri-kabylie-authentique',
    name: 'Tiziri, Kabylie Authentique',
    description:
      "Une journée sur les crêtes du Djurdjura ou un déjeuner kabyle à l'ombre des chênes de Yakouren. La Kabylie au clair de lune, comme son nom l'indique.",
    price: 9000,
    category: 'tiziri',
    scene: 'tiziri',
    offerSlugs: [o('djurdjura-verticale', 'journee-grimpe'), o('auberge-yakouren', 'dejeuner-kabyle')],
  },
  {
    slug: 'hadiya-cadeau-surprise',
    name: 'Hadiya, le Cadeau Surprise',
    description:
      "Pour ceux qu'on ne sait jamais comment gâter : hammam, thalasso, grand dîner ou nuit au ksar, c'est vous qui choisissez. Cinq univers dans un seul coffret.",
    price: 12000,
    category: 'hadiya',
    scene: 'gift',
    offerSlugs: [
      o('hammam-dar-essalam', 'hammam-massage'),
      o('la-caroube', 'plateau-de-la-mer'),
      o('restaurant-djemila', 'diner-hauts-plateaux'),
      o('thalasso-gouraya', 'parcours-marin'),
      o('ksar-tafilelt', 'nuit-au-ksar'),
    ],
  },
  {
    slug: 'hadiya-prestige',
    name: 'Hadiya Prestige',
    description:
      "Le plus beau des cadeaux : un séjour de trois nuits dans la vallée du M'zab ou quatre jours d'expédition dans le Tassili n'Ajjer. Valable deux ans, échangeable sans limite.",
    price: 55000,
    validityDays: 730,
    exchangeOnce: false,
    category: 'hadiya',
    scene: 'gift',
    variant: 1,
    offerSlugs: [o('ksar-tafilelt', 'sejour-trois-nuits'), o('tassili-expeditions', 'circuit-quatre-jours')],
  },
];

export const SEED_BOXES: SeedBox[] = BOX_INPUT.map((b) => ({
  ...b,
  nameAr: BOX_AR[b.slug]?.[0] ?? null,
  descriptionAr: BOX_AR[b.slug]?.[1] ?? null,
  validityDays: b.validityDays ?? 365,
  exchangeOnce: b.exchangeOnce ?? true,
  variant: b.variant ?? 0,
  imageUrl: `/images/boxes/${b.slug}.webp`,
}));

/** The box of the demo customer's voucher: contains an active offer of the first demo partner. */
export const DEMO_VOUCHER_BOX_SLUG = 'rituel-bien-etre';

