import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { addWorkdays, at, dayAfter, daysFrom, notAfter, workdayFrom } from './DemoRandom.js';

/**
 * Leave requests at Northwind: a year of Dana's, Liam's and Olivia's time
 * off and the next two months'. Past requests were mostly approved (Dana's
 * and Liam's by Olivia, their manager), a few rejected or cancelled; the
 * last one each has ahead of them is still waiting for a decision. Each
 * request names the employee's team, as their designation says: Olivia
 * (Head of Operations) and Dana (Operations Analyst) in operations, Liam
 * (Quality Engineer) in quality; nobody of the demo works in sales. A
 * request waiting for a decision is work for the employee's manager
 * (docs/behaviour/workflows.md, "The demo's workflows"): Olivia decides
 * Dana's and Liam's; she has no manager, so hers are all decided.
 */
type LeaveType = 'annual' | 'sick' | 'parental' | 'unpaid' | 'other';
type Team = 'operations' | 'quality' | 'sales';

const TITLES: Record<LeaveType, readonly string[]> = {
  annual: ['Family visit', 'Trip to Lisbon', 'Days off to recharge', 'Friend’s wedding', 'City break in Prague'],
  sick: ['Flu', 'Back pain', 'Migraine', 'Cold and fever', 'Dentist and recovery'],
  parental: ['Parental leave'],
  unpaid: ['Language course', 'Extended trip to Japan'],
  other: ['Moving house', 'Child’s school start', 'Doctor’s appointment', 'Blood donation and rest'],
};

const REASONS: Record<LeaveType, readonly string[]> = {
  annual: ['Flights are booked; handover to the team is agreed.', 'Visiting my parents. I can be reached by phone for urgent matters.', 'Out-of-office reply will be on; open tickets are reassigned.'],
  sick: ['Doctor’s note will follow.', 'Called in sick in the morning.'],
  parental: ['Birth of our second child; handover plan attached to the team page.'],
  unpaid: ['Agreed with Olivia in the last one-to-one.', 'Course fee paid by me; no travel costs for the company.'],
  other: ['Removal company comes at 8:00.', 'Appointment cannot be moved.'],
};

/** Workdays a request of this type lasts (counting the first). */
function lengthOf(type: LeaveType, ctx: DemoContext): number {
  const { random } = ctx;
  if (type === 'annual') return random.weighted([[1, 2], [3, 2], [5, 4], [10, 2]]);
  if (type === 'sick') return random.int(1, 3);
  if (type === 'parental') return 20;
  if (type === 'unpaid') return random.int(3, 5);
  return 1;
}

/** Annual leave of a day or two is named for what it is; longer leave by the season or the plan. */
function titleFor(type: LeaveType, from: string, length: number, ctx: DemoContext): string {
  if (type === 'annual' && length <= 2) return ctx.random.pick(['Day off', 'Long weekend', 'Bridge day']);
  if (type === 'annual' && length >= 8 && ctx.random.chance(0.5)) return ctx.random.pick(['Hiking in the Alps', 'Road trip through Norway', 'Family visit abroad']);
  if (type === 'annual') {
    const month = Number(from.slice(5, 7));
    if (month === 12) return 'Christmas holidays';
    if (month === 7 || month === 8) return 'Summer holiday';
    if (month === 2) return 'Skiing week';
    if (month === 10) return 'Autumn break';
  }
  return ctx.random.pick(TITLES[type]);
}

export function leaveRequestRecords(ctx: DemoContext): DemoRecord[] {
  if (ctx.org !== 'northwind') return [];
  const { people, now, random } = ctx;
  const today = dayAfter(now, 0);
  const out: DemoRecord[] = [];
  const employees: ReadonlyArray<{ id: string; team: Team; manager: string | null; count: number }> = [
    { id: people.demo, team: 'operations', manager: people.olivia, count: 12 },
    { id: people.liam, team: 'quality', manager: people.olivia, count: 12 },
    { id: people.olivia, team: 'operations', manager: null, count: 6 },
  ];
  for (const { id, team, manager, count } of employees) {
    const mine: DemoRecord[] = [];
    let cursor = -355 + random.int(0, 20);
    // A parental leave only once, for Liam, in the spring.
    let parentalGiven = id !== people.liam;
    const request = (type: LeaveType, from: string) => {
      const length = lengthOf(type, ctx);
      const to = addWorkdays(from, length - 1);
      const future = from > today;
      const values: Record<string, unknown> = { title: titleFor(type, from, length, ctx), employee: id, team, type, from, to };
      if (length === 1 && type !== 'sick' && random.chance(0.4)) values.halfDay = true;
      if (random.chance(0.6)) values.reason = random.pick(REASONS[type]);
      let status: string;
      if (type === 'sick' && !future) status = 'approved';
      else if (!future) status = random.weighted([['approved', 16], ['cancelled', 2], ['rejected', 1]]);
      // Olivia has no manager to decide on hers: they are approved (by HR) once asked.
      else if (manager === null) status = 'approved';
      else status = daysFrom(today, from) > 21 && random.chance(0.5) ? 'requested' : random.weighted([['approved', 2], ['requested', 1]]);
      values.status = status;
      if (status !== 'requested' && status !== 'cancelled' && manager !== null) values.decidedBy = manager;
      // Time off is asked for ahead; sickness is reported on the morning itself.
      const asked = type === 'sick' ? at(from, 7, random.int(0, 59)) : at(dayAfter(new Date(`${from}T00:00:00Z`), -random.int(7, 40)), random.int(8, 17), random.int(0, 59));
      mine.push({ entity: 'request', values, ownerId: id, createdBy: id, createdAt: notAfter(asked, new Date(now.getTime() - 3_600_000)) });
      return to;
    };
    while (cursor < 58 && mine.length < count) {
      let type = random.weighted<LeaveType>([['annual', 6], ['sick', 2], ['other', 1], ['unpaid', 0.5]]);
      if (!parentalGiven && cursor > -250 && cursor < -150) {
        type = 'parental';
        parentalGiven = true;
      }
      // Sickness is never planned ahead.
      if (type === 'sick' && cursor > 0) type = 'annual';
      const to = request(type, workdayFrom(dayAfter(now, cursor)));
      cursor = daysFrom(today, to) + random.int(18, 55);
    }
    // The latest request ahead of Dana and Liam still waits for Olivia, so that there is something to decide.
    if (manager !== null) {
      if (!mine.some((r) => (r.values.from as string) > today)) request('annual', workdayFrom(dayAfter(now, random.int(10, 40))));
      const ahead = mine.filter((r) => (r.values.from as string) > today);
      const last = ahead[ahead.length - 1]!;
      last.values.status = 'requested';
      delete last.values.decidedBy;
    }
    out.push(...mine);
  }
  return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
