import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { at, dayAfter, daysFrom, notAfter, workdayFrom } from './DemoRandom.js';

/**
 * What Northwind's meetings agreed over the last year: one or three actions
 * from each meeting, a fortnight apart, each with an owner and a due date.
 * Those long past are done; recent ones are open, some overdue (red), some
 * due within two days (yellow).
 */
const MEETINGS: ReadonlyArray<{ name: string; actions: readonly string[] }> = [
  { name: 'Weekly operations review', actions: ['Check the backlog of unshipped orders', 'Update the on-call rota for the holidays', 'Send the delivery performance figures to the team', 'Ask the carrier about the late pick-ups in Bergen'] },
  { name: 'Quality circle', actions: ['Draft the corrective action for the label mix-up', 'Review the complaint statistics of the quarter', 'Book the calibration service for the scales'] },
  { name: 'Monthly management meeting', actions: ['Prepare the budget proposal for the new hall', 'Decide on the trade fair stand for the spring', 'Circulate the updated travel policy'] },
  { name: 'Warehouse safety walk', actions: ['Clear the fire exit in hall B', 'Order new high-visibility vests', 'Repair the lighting in aisle 14'] },
  { name: 'Customer complaints review', actions: ['Call Berg Retail about the damaged delivery', 'Update the returns form on the web shop', 'Write the answer template for late deliveries'] },
  { name: 'IT steering committee', actions: ['Collect quotes for the new scanners', 'Plan the switch to multi-factor sign-in', 'Test the restore of the order database'] },
];

const NOTES = [
  '<p>Agreed in the meeting; report back at the next one.</p>',
  '<p>Olivia asked for a short written summary. Budget up to <strong>2,000 EUR</strong> is approved.</p>',
  '<p>Depends on the supplier’s answer. See the minutes for the options discussed:</p><ul><li>do it ourselves</li><li>order it from the supplier</li></ul>',
];

export function meetingActionRecords(ctx: DemoContext): DemoRecord[] {
  if (ctx.org !== 'northwind') return [];
  const { people, now, random } = ctx;
  const today = dayAfter(now, 0);
  const team = [people.olivia, people.demo, people.liam];
  const out: DemoRecord[] = [];
  let dueSoonGiven = false;
  for (let offset = -350; offset <= 0; offset += 14) {
    const meeting = random.pick(MEETINGS);
    const meetingDate = workdayFrom(dayAfter(now, offset));
    if (meetingDate > today) break;
    const actions = random.some(meeting.actions, random.int(1, 3));
    for (const action of actions) {
      const owner = random.pick(team);
      let due = dayAfter(new Date(`${meetingDate}T00:00:00Z`), random.int(5, 60));
      // One open action due the day after tomorrow, so that the list shows every colour.
      if (!dueSoonGiven && due > today) {
        due = dayAfter(now, 2);
        dueSoonGiven = true;
      }
      const overdueBy = daysFrom(due, today);
      const done = overdueBy > 10 ? random.chance(0.92) : overdueBy > 0 ? random.chance(0.5) : random.chance(0.15);
      const values: Record<string, unknown> = { action, meeting: meeting.name, meetingDate, owner, due, done };
      if (done) {
        const doneOn = dayAfter(new Date(`${due}T00:00:00Z`), -random.int(0, 6));
        values.doneOn = doneOn < meetingDate ? meetingDate : doneOn > today ? today : doneOn;
      }
      if (random.chance(0.4)) values.notes = random.pick(NOTES);
      out.push({ entity: 'action', values, ownerId: owner, createdBy: people.olivia, createdAt: notAfter(at(meetingDate, 11, random.int(0, 59)), new Date(now.getTime() - 3_600_000)) });
    }
  }
  return out;
}
