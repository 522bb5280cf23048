import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { at, dayAfter, notAfter } from './DemoRandom.js';

/**
 * Northwind's customers and leads: the companies first (leads link to them
 * by name), then a year of leads owned by Dana, Liam and Olivia. Older
 * leads are won or lost; recent ones are spread over the stages, each with
 * a next step, some of them overdue (red). Won leads carry the day they
 * were signed (the close date their stage requires).
 */
const COMPANIES: ReadonlyArray<{ name: string; industry: string; city: string; country: string; domain: string; phone: string }> = [
  { name: 'Fjord Logistics AS', industry: 'logistics', city: 'Bergen', country: 'Norway', domain: 'fjordlogistics.example', phone: '+47 55 21 40 00' },
  { name: 'Berg Retail Group', industry: 'retail', city: 'Oslo', country: 'Norway', domain: 'bergretail.example', phone: '+47 22 98 11 50' },
  { name: 'Maison Lefèvre SARL', industry: 'hospitality', city: 'Lyon', country: 'France', domain: 'maison-lefevre.example', phone: '+33 4 72 10 33 80' },
  { name: 'Kessler Maschinenbau GmbH', industry: 'manufacturing', city: 'Stuttgart', country: 'Germany', domain: 'kessler-maschinenbau.example', phone: '+49 711 480 2200' },
  { name: 'Alpine Clinics d.o.o.', industry: 'health', city: 'Ljubljana', country: 'Slovenia', domain: 'alpineclinics.example', phone: '+386 1 230 45 60' },
  { name: 'Saigon Coffee Traders', industry: 'retail', city: 'Ho Chi Minh City', country: 'Vietnam', domain: 'saigoncoffee.example', phone: '+84 28 3822 4100' },
  { name: 'Lumen Software BV', industry: 'software', city: 'Utrecht', country: 'Netherlands', domain: 'lumensoftware.example', phone: '+31 30 212 8800' },
  { name: 'Nordlys Hotels', industry: 'hospitality', city: 'Tromsø', country: 'Norway', domain: 'nordlyshotels.example', phone: '+47 77 60 20 00' },
  { name: 'Rhein Pharma Distribution', industry: 'health', city: 'Cologne', country: 'Germany', domain: 'rheinpharma.example', phone: '+49 221 9370 500' },
  { name: 'Atelier Moreau', industry: 'manufacturing', city: 'Nantes', country: 'France', domain: 'atelier-moreau.example', phone: '+33 2 40 89 12 70' },
  { name: 'Shanghai Precision Parts', industry: 'manufacturing', city: 'Shanghai', country: 'China', domain: 'sh-precision.example', phone: '+86 21 6288 1900' },
  { name: 'Danube Freight Kft.', industry: 'logistics', city: 'Budapest', country: 'Hungary', domain: 'danubefreight.example', phone: '+36 1 450 2300' },
  { name: 'Greenleaf Grocers Ltd', industry: 'retail', city: 'Manchester', country: 'United Kingdom', domain: 'greenleafgrocers.example', phone: '+44 161 496 0830' },
  { name: 'Polar Data Centre AS', industry: 'software', city: 'Trondheim', country: 'Norway', domain: 'polardata.example', phone: '+47 73 10 55 00' },
];

const TOPICS = [
  '40 handheld scanners for the warehouse',
  'Framework agreement for packaging material',
  'Label printers for three sites',
  'Renewal of the support contract',
  'Barcode labels, 500,000 a year',
  'Pallet racking for the new hall',
  'Cold-chain data loggers',
  'Rugged tablets for drivers',
  'Point-of-sale terminals for 12 shops',
  'Shelf labels and price displays',
  'Spare parts stock for the assembly line',
  'Pilot: electronic delivery notes',
] as const;

const CONTACTS = ['Ingrid Solberg', 'Marc Dubois', 'Katrin Weber', 'Luka Novak', 'Nguyễn Thị Lan', 'Pieter de Vries', 'Chen Wei', 'Emma Clarke', 'Jonas Berg', 'Camille Martin', 'Anna Horváth', 'Tobias Keller'];

/** The usual chance of winning at each stage. */
const PROBABILITY: Record<string, number> = { new: 10, qualified: 25, proposal: 50, negotiation: 75, won: 100, lost: 0 };

function emailOf(name: string, domain: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
  return `${ascii.toLowerCase().replace(/[^a-z]+/g, '.')}@${domain}`;
}

export function crmRecords(ctx: DemoContext): DemoRecord[] {
  if (ctx.org !== 'northwind') return [];
  const { people, now, random } = ctx;
  const latest = new Date(now.getTime() - 3_600_000);
  const sellers = [people.demo, people.liam, people.olivia];
  const out: DemoRecord[] = [];
  for (const [i, c] of COMPANIES.entries()) {
    const by = sellers[i % sellers.length]!;
    out.push({
      entity: 'company',
      values: { name: c.name, industry: c.industry, website: `https://www.${c.domain}`, phone: c.phone, city: c.city, country: c.country },
      createdBy: by,
      createdAt: at(dayAfter(now, -380 + i * 3), 9 + (i % 8), 15),
    });
  }
  for (let i = 0; i < 48; i++) {
    const company = random.pick(COMPANIES);
    const age = random.int(1, 360);
    const open = age < 120 ? random.chance(0.85) : random.chance(0.1);
    const stage = open ? random.weighted([['new', 3], ['qualified', 3], ['proposal', 2], ['negotiation', 2]]) : random.weighted([['won', 3], ['lost', 2]]);
    const owner = random.weighted([[people.demo, 4], [people.liam, 2], [people.olivia, 3]]);
    const contactName = random.pick(CONTACTS);
    const values: Record<string, unknown> = {
      topic: random.pick(TOPICS),
      company: company.name,
      contactName,
      email: emailOf(contactName, company.domain),
      stage,
      probability: Math.max(0, Math.min(100, PROBABILITY[stage]! + (open ? random.int(-5, 10) : 0))),
      value: random.int(40, 3600) * 50,
      rating: random.int(1, 5),
      owner,
    };
    if (random.chance(0.7)) values.phone = company.phone;
    if (random.chance(0.5)) values.website = `https://www.${company.domain}`;
    if (open) values.nextStep = dayAfter(now, random.int(-10, 45));
    // A won deal was signed on its close date, between the lead's first day and today.
    if (stage === 'won') values.closeDate = dayAfter(now, -random.int(1, Math.max(1, age - 14)));
    const tags = random.some(['referral', 'tradeFair', 'webInquiry', 'upsell', 'publicSector', 'strategic'], random.weighted([[0, 2], [1, 3], [2, 2]]));
    if (tags.length > 0) values.tags = ['referral', 'tradeFair', 'webInquiry', 'upsell', 'publicSector', 'strategic'].filter((t) => tags.includes(t));
    out.push({ entity: 'lead', values, ownerId: owner, createdBy: owner, createdAt: notAfter(at(dayAfter(now, -age), random.int(8, 17), random.int(0, 59)), latest) });
  }
  return out;
}
