import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { at, dayAfter, MINUTE_MS, notAfter, workdayFrom } from './DemoRandom.js';

/**
 * Northwind's team calendar over the last year and the next two months:
 * meetings (some as video calls), workshops, trainings, customer visits,
 * team outings and days out of office, each with its attendees and their
 * roles.
 */
type Kind = 'meeting' | 'workshop' | 'training' | 'customer' | 'outing' | 'away';

const TITLES: Record<Kind, readonly string[]> = {
  meeting: ['Operations weekly', 'Quarterly planning', 'One-to-one', 'Budget review', 'Supplier call: Fjord Packaging'],
  workshop: ['Warehouse layout workshop', 'Process mapping: returns', 'Retrospective of the peak season'],
  training: ['First aid refresher', 'Forklift safety training', 'Information security awareness', 'New ERP reports'],
  customer: ['Visit at Berg Retail Group', 'Visit at Kessler Maschinenbau', 'Site tour with Nordlys Hotels'],
  outing: ['Summer barbecue', 'Team day on the fjord', 'Christmas dinner'],
  away: ['Trade fair LogiMAT', 'Supplier visit in Lyon', 'Conference: Nordic Supply Chain'],
};

const ROOMS = ['Room Fjord, 2nd floor', 'Room Nordlys, 3rd floor', 'Canteen', 'Training centre, hall C'];
const MINUTES: Record<Kind, readonly [number, number]> = { meeting: [30, 90], workshop: [120, 240], training: [180, 420], customer: [90, 240], outing: [180, 360], away: [480, 480] };

export function teamCalendarRecords(ctx: DemoContext): DemoRecord[] {
  if (ctx.org !== 'northwind') return [];
  const { people, now, random } = ctx;
  const team = [people.olivia, people.demo, people.liam];
  const out: DemoRecord[] = [];
  for (let offset = -355 + random.int(0, 5); offset < 60; offset += random.int(5, 12)) {
    const kind = random.weighted<Kind>([['meeting', 8], ['workshop', 2], ['training', 2], ['customer', 2], ['outing', 1], ['away', 1]]);
    const title = random.pick(TITLES[kind]);
    const day = workdayFrom(dayAfter(now, offset));
    const [shortest, longest] = MINUTES[kind];
    const minutes = Math.round(random.int(shortest, longest) / 15) * 15;
    const start = at(day, kind === 'away' ? 8 : random.int(8, 14), random.pick([0, 0, 30]));
    const end = new Date(start.getTime() + minutes * MINUTE_MS);
    const oneToOne = title === 'One-to-one';
    // Olivia holds the one-to-ones with the people she manages.
    const organiser = oneToOne ? people.olivia : random.pick(team);
    const others = random.some(
      team.filter((p) => p !== organiser),
      kind === 'away' ? 0 : oneToOne ? 1 : random.int(1, 2),
    );
    const attendees = [
      { person: organiser, role: 'organiser' },
      ...others.map((person, i) => ({
        person,
        role: oneToOne ? null : kind === 'workshop' && i === 0 ? 'presenter' : kind === 'meeting' && i === 0 ? 'noteTaker' : random.chance(0.3) ? 'optional' : null,
      })),
    ];
    const values: Record<string, unknown> = { title, kind, start: start.toISOString(), end: end.toISOString(), duration: minutes, attendees };
    const videoCall = kind === 'meeting' && random.chance(0.5);
    if (videoCall) {
      values.videoCall = true;
      values.callLink = `https://meet.northwind.example/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    } else {
      values.videoCall = false;
      values.location = kind === 'customer' ? `Customer site: ${title.replace(/^(Visit at|Site tour with) /, '')}` : kind === 'away' ? 'Out of office' : random.pick(ROOMS);
    }
    if (oneToOne) values.agenda = '1. How things are going\n2. Goals for the quarter\n3. Time off and training';
    else if (kind === 'meeting' || kind === 'workshop') values.agenda = '1. Notes of the last meeting\n2. Figures of the week\n3. Open actions\n4. Anything else';
    const created = at(dayAfter(new Date(`${day}T00:00:00Z`), -random.int(3, 20)), random.int(8, 17), random.int(0, 59));
    out.push({ entity: 'event', values, createdBy: organiser, createdAt: notAfter(created, new Date(now.getTime() - 3_600_000)) });
  }
  return out;
}
