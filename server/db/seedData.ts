// Static demo data (DESIGN §7): two companies in rural areas, their accounts, dealers and
// shops. Orders are generated from these by seed.ts with a seeded PRNG.
import { BUILDING_STAGES } from '../../src/domain';

/** The stages of a shed still in the shop (a built one is 'Built'). */
export const SHOP_STAGES = BUILDING_STAGES.filter((stage) => stage !== 'Built');

export interface SeedAccount {
  email: string;
  password: string;
  role: 'driver' | 'office_admin';
  firstName: string;
  lastName: string;
  phone: string;
}

export interface SeedPlace {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  lat: number;
  lon: number;
}

export interface SeedCompany {
  name: string;
  email: string;
  phone: string;
  address: string;
  prefix: string; // order and serial number prefix
  accounts: SeedAccount[]; // drivers first: the first driver gets most orders
  dealers: SeedPlace[];
  shops: SeedPlace[];
}

export const DEMO_COMPANIES: SeedCompany[] = [
  {
    name: 'Summit Sheds',
    email: 'office@summit.test',
    phone: '(717) 555-0140',
    address: '2150 Lincoln Hwy E, Lancaster, PA 17602',
    prefix: 'SS',
    accounts: [
      { email: 'driver@summit.test', password: 'summit-driver-1', role: 'driver', firstName: 'Dale', lastName: 'Hostetler', phone: '(717) 555-0101' },
      { email: 'driver2@summit.test', password: 'summit-driver-2', role: 'driver', firstName: 'Marcy', lastName: 'Kauffman', phone: '(717) 555-0102' },
      { email: 'admin@summit.test', password: 'summit-admin-1', role: 'office_admin', firstName: 'Ruth', lastName: 'Stoltzfus', phone: '(717) 555-0103' },
    ],
    dealers: [
      {
        name: 'Country Lane Structures',
        address: '3417 Old Philadelphia Pike',
        city: 'Intercourse',
        state: 'PA',
        zip: '17534',
        phone: '(717) 555-0181',
        lat: 40.0384,
        lon: -76.1063,
      },
      {
        name: 'Blue Mountain Barns',
        address: '118 Main St',
        city: 'Shartlesville',
        state: 'PA',
        zip: '19554',
        phone: '(610) 555-0182',
        lat: 40.5079,
        lon: -76.1094,
      },
      {
        name: 'Juniata Valley Sheds',
        address: '6045 William Penn Hwy',
        city: 'Mifflintown',
        state: 'PA',
        zip: '17059',
        phone: '(717) 555-0183',
        lat: 40.5698,
        lon: -77.3969,
      },
      {
        name: 'Mason-Dixon Mini Barns',
        address: '1020 Baltimore Pike',
        city: 'Gettysburg',
        state: 'PA',
        zip: '17325',
        phone: '(717) 555-0184',
        lat: 39.8095,
        lon: -77.2161,
      },
      {
        name: 'Susquehanna Outdoor',
        address: '455 Route 15',
        city: 'Lewisburg',
        state: 'PA',
        zip: '17837',
        phone: '(570) 555-0185',
        lat: 40.9645,
        lon: -76.8844,
      },
    ],
    shops: [
      {
        name: 'Summit Gap Shop',
        address: '88 Summit Rd, Gap, PA 17527',
        city: 'Gap',
        state: 'PA',
        zip: '17527',
        phone: '(717) 555-0190',
        lat: 39.9873,
        lon: -76.0205,
      },
      {
        name: 'Summit Quarryville Yard',
        address: '212 Hess Rd, Quarryville, PA 17566',
        city: 'Quarryville',
        state: 'PA',
        zip: '17566',
        phone: '(717) 555-0191',
        lat: 39.897,
        lon: -76.1636,
      },
    ],
  },
  {
    name: 'Ridge Barns',
    email: 'office@ridge.test',
    phone: '(931) 555-0240',
    address: '901 N Main St, Crossville, TN 38555',
    prefix: 'RB',
    accounts: [{ email: 'driver@ridge.test', password: 'ridge-driver-1', role: 'driver', firstName: 'Wade', lastName: 'Tolliver', phone: '(931) 555-0201' }],
    dealers: [
      {
        name: 'Cumberland Plateau Buildings',
        address: '2814 Hwy 70 E',
        city: 'Crossville',
        state: 'TN',
        zip: '38555',
        phone: '(931) 555-0281',
        lat: 35.949,
        lon: -84.985,
      },
      {
        name: 'Sequatchie Storage Sales',
        address: '1570 Rankin Ave',
        city: 'Dunlap',
        state: 'TN',
        zip: '37327',
        phone: '(423) 555-0282',
        lat: 35.3712,
        lon: -85.3905,
      },
      {
        name: 'Caney Fork Portable Barns',
        address: '330 W Broad St',
        city: 'Smithville',
        state: 'TN',
        zip: '37166',
        phone: '(615) 555-0283',
        lat: 35.9606,
        lon: -85.8236,
      },
      {
        name: 'Highland Rim Sheds',
        address: '7700 Nashville Hwy',
        city: 'Baxter',
        state: 'TN',
        zip: '38544',
        phone: '(931) 555-0284',
        lat: 36.1534,
        lon: -85.6416,
      },
    ],
    shops: [
      {
        name: 'Ridge Pleasant Hill Shop',
        address: '45 Lake Rd, Pleasant Hill, TN 38578',
        city: 'Pleasant Hill',
        state: 'TN',
        zip: '38578',
        phone: '(931) 555-0290',
        lat: 35.9781,
        lon: -85.1952,
      },
    ],
  },
];

export const BUILDING_MODELS = [
  '8x10 Garden Shed',
  '10x12 Lofted Barn',
  '10x14 Quaker',
  '10x16 Gable Shed',
  '12x16 Utility Shed',
  '12x20 High Barn',
  '12x24 Cabin',
  '14x28 Garage',
  '12x32 Side Lofted Barn',
  '10x20 Studio',
];

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Linda',
  'Michael',
  'Barbara',
  'William',
  'Susan',
  'David',
  'Karen',
  'Amos',
  'Esther',
  'Jacob',
  'Naomi',
  'Travis',
  'Crystal',
  'Cody',
  'Brandi',
  'Luke',
  'Hannah',
];
export const LAST_NAMES = [
  'Miller',
  'Yoder',
  'Zook',
  'King',
  'Beiler',
  'Fisher',
  'Smith',
  'Johnson',
  'Brown',
  'Davis',
  'Garrett',
  'Hensley',
  'Campbell',
  'Sexton',
  'Whitaker',
  'Daugherty',
  'Grimes',
  'Pickett',
];
export const ROAD_NAMES = [
  'Hollow Rd',
  'Church Rd',
  'Mill Creek Rd',
  'Ridge Rd',
  'Valley View Dr',
  'Schoolhouse Ln',
  'Turkey Hill Rd',
  'Pine Grove Rd',
  'Orchard Ln',
  'Spring Branch Rd',
  'Cedar Gap Rd',
  'Old Furnace Rd',
];

/** The rent-to-own partner named on RTO orders (customer_order_billing.rto_company_name). */
export const RTO_COMPANY_NAMES: Record<string, string> = {
  'Summit Sheds': 'Keystone Rent-to-Own',
  'Ridge Barns': 'Plateau Rent-to-Own',
};

/** The happy-list checklist items a customer order carries (SPEC §3). */
export const HAPPY_LIST: [string, string][] = [
  ['Doors', 'Doors open, close and latch without rubbing'],
  ['Windows', 'Windows open, close and lock; no cracked glass'],
  ['Level', 'Building sits level on its blocks'],
  ['Paint and trim', 'No scratches, dents or missing trim from transport'],
  ['Loft and shelves', 'Loft and shelves installed as ordered'],
  ['Ramp', 'Ramp installed and fastened'],
  ['Roof', 'Shingles and drip edge intact; no lifted tabs'],
  ['Site', 'Site left clean: blocks, straps and debris removed'],
];
