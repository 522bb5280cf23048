import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { at, dayAfter } from './DemoRandom.js';

/**
 * Information security risks: Contoso's register kept by Sofia (with Dana
 * owning some), a smaller one at Northwind owned by Olivia, Liam and Dana.
 * Likelihood and impact are chosen so that the register has red, yellow
 * and green risks; some reviews are overdue. Most risks are being treated
 * (a plan the risk board approved, for a score of 12 or more) or accepted
 * by their owners (scores below 12); a few were closed; the newest of each
 * register still waits: one high risk's plan for the board's approvals,
 * one or two risks for their owner's assessment (docs/behaviour/workflows.md,
 * "The demo's workflows").
 */
type Category = 'access' | 'suppliers' | 'availability' | 'privacy' | 'people' | 'physical' | 'software';

const RISKS: ReadonlyArray<{ category: Category; title: string; description: string; orgs: ReadonlyArray<DemoContext['org']> }> = [
  { category: 'access', title: 'Shared administrator accounts on the lab systems', description: 'Three lab workstations are administered with one shared account. Changes cannot be traced to a person.', orgs: ['contoso'] },
  { category: 'access', title: 'Former staff keep access to the patient portal', description: 'Leavers are removed from the directory but their portal accounts are disabled by hand, sometimes weeks later.', orgs: ['contoso'] },
  { category: 'access', title: 'No multi-factor sign-in for remote access', description: 'The VPN accepts a password alone. A phished password gives full access to the internal network.', orgs: ['contoso', 'northwind'] },
  { category: 'suppliers', title: 'Cloud backup provider without a current certificate', description: 'The ISO 27001 certificate of our backup provider expired; the renewal audit is announced but not done.', orgs: ['contoso'] },
  { category: 'suppliers', title: 'Single supplier for the payment terminals', description: 'All shop payment terminals come from one supplier whose support contract ends next year.', orgs: ['northwind'] },
  { category: 'availability', title: 'Power outage in the server room', description: 'The UPS bridges 20 minutes; there is no generator. Longer outages stop the clinical systems.', orgs: ['contoso'] },
  { category: 'availability', title: 'Ransomware encrypts the file server', description: 'Backups are on a share the file server can write to. An infection could encrypt both.', orgs: ['contoso', 'northwind'] },
  { category: 'availability', title: 'Internet link of the main site has no backup line', description: 'A single fibre line serves the head office and the warehouse. Orders stop when it fails.', orgs: ['northwind'] },
  { category: 'privacy', title: 'Patient data sent by unencrypted e-mail', description: 'Referral letters are e-mailed to practices without encryption when the secure channel is down.', orgs: ['contoso'] },
  { category: 'privacy', title: 'Customer lists exported to personal laptops', description: 'Sales staff export the customer list to spreadsheets for trade fairs and keep them on their laptops.', orgs: ['northwind'] },
  { category: 'people', title: 'Phishing e-mails aimed at the finance team', description: 'Fake invoices and payment change requests arrive weekly; one was almost paid last quarter.', orgs: ['contoso', 'northwind'] },
  { category: 'people', title: 'Passwords written on notes at reception', description: 'The reception shares one computer account; the password is on a note under the keyboard.', orgs: ['contoso'] },
  { category: 'physical', title: 'Server room door left open during deliveries', description: 'The server room is next to the loading bay and is propped open when supplies arrive.', orgs: ['contoso'] },
  { category: 'physical', title: 'Laptops stolen from cars', description: 'Field staff leave laptops in cars between visits. Disks are encrypted on most, not all.', orgs: ['northwind'] },
  { category: 'software', title: 'Unpatched operating systems on medical devices', description: 'Imaging devices run an operating system without vendor updates; they are on the clinic network.', orgs: ['contoso'] },
  { category: 'software', title: 'Changes to the web shop deployed without review', description: 'Urgent fixes are deployed by one developer directly; there is no second look before release.', orgs: ['northwind'] },
  { category: 'software', title: 'Outdated libraries in the appointment booking app', description: 'A dependency scan found 14 libraries with known vulnerabilities, two of them rated critical.', orgs: ['contoso'] },
  { category: 'access', title: 'Too many people with rights to change prices', description: 'Twelve people may change prices in the ERP; four would be enough.', orgs: ['northwind'] },
];

/** What is done about a risk of each category, for its treatment plan. */
const PLANS: Record<Category, string> = {
  access: 'Named accounts for everyone, reviewed every quarter; leavers removed on their last day by the directory sync.',
  suppliers: 'Ask the supplier for the new certificate by the end of the quarter; keep a second supplier qualified.',
  availability: 'Offline copies of the backups every night, a restore test each quarter and a second line for the main site.',
  privacy: 'Encrypted channel for every transfer; staff briefed and the fallback to plain e-mail switched off.',
  people: 'Awareness training for every team twice a year and a call-back rule for payment changes.',
  physical: 'Access badges on the door, deliveries by the front entrance, laptops locked in the boot or carried.',
  software: 'Updates within 30 days of release, a second review before each deployment and a monthly dependency scan.',
};

/** A risk's place in the register's workflow, its plan and treatment made to agree with it. */
function placeInWorkflow(values: Record<string, unknown>, category: Category, state: 'identified' | 'planReview' | 'treating' | 'accepted' | 'closed'): void {
  values.status = state;
  if (state === 'identified') {
    // Not assessed yet: no treatment chosen, nothing planned or spent.
    delete values.treatment;
    delete values.mitigationCost;
    return;
  }
  if (state !== 'accepted') values.plan = PLANS[category];
}

/** Which state each risk is in, by age: the newest wait for work, a few old ones were closed, the rest are treated or accepted. */
function statesOf(records: readonly DemoRecord[], highScore: (r: DemoRecord) => boolean): Array<'identified' | 'planReview' | 'treating' | 'accepted' | 'closed'> {
  const newestFirst = [...records.keys()].sort((a, b) => records[b]!.createdAt.getTime() - records[a]!.createdAt.getTime());
  const review = newestFirst.find((i) => highScore(records[i]!));
  const waiting = new Set(newestFirst.filter((i) => i !== review).slice(0, 2));
  const closed = new Set(newestFirst.slice(-2));
  return records.map((r, i) => {
    if (i === review) return 'planReview';
    if (waiting.has(i)) return 'identified';
    if (closed.has(i) && !highScore(r)) return 'closed';
    return r.values.treatment === 'accept' ? 'accepted' : 'treating';
  });
}

export function riskRecords(ctx: DemoContext): DemoRecord[] {
  const { people, now, org, random } = ctx;
  const owners = org === 'contoso' ? [people.sofia, people.sofia, people.demo] : [people.olivia, people.liam, people.demo];
  const registrar = org === 'contoso' ? people.sofia : people.olivia;
  const out: DemoRecord[] = [];
  for (const risk of RISKS.filter((r) => r.orgs.includes(org))) {
    // Spread over the grid: a few high, most middle, some low.
    const likelihood = random.weighted([[1, 1], [2, 3], [3, 4], [4, 3], [5, 1]]);
    const impact = random.weighted([[1, 1], [2, 2], [3, 4], [4, 4], [5, 2]]);
    let treatment = random.weighted([['reduce', 6], ['transfer', 1.5], ['accept', 1.5], ['avoid', 1]]);
    // A risk scoring 12 or more cannot be simply accepted: it is treated.
    if (treatment === 'accept' && likelihood * impact >= 12) treatment = 'reduce';
    const owner = random.pick(owners);
    const values: Record<string, unknown> = {
      title: risk.title,
      description: risk.description,
      category: risk.category,
      likelihood,
      impact,
      // The band the register's colours cut the score into (red from 15, yellow from 8).
      scoreBand: likelihood * impact >= 15 ? 'high' : likelihood * impact >= 8 ? 'medium' : 'low',
      owner,
      treatment,
      reviewDate: dayAfter(now, random.int(-30, 60)),
    };
    if (treatment === 'reduce' || treatment === 'avoid') values.mitigationCost = random.int(10, 1200) * 50;
    else if (treatment === 'transfer') values.mitigationCost = random.int(120, 800) * 10 + 0.5 * random.int(0, 1);
    const created = at(dayAfter(now, -random.int(30, 360)), random.int(8, 17), random.int(0, 59));
    out.push({ entity: 'risk', values, ownerId: owner, createdBy: registrar, createdAt: created });
  }
  const categories = new Map(out.map((r) => [r, RISKS.find((risk) => risk.title === r.values.title)!.category]));
  const states = statesOf(out, (r) => (r.values.likelihood as number) * (r.values.impact as number) >= 12);
  out.forEach((r, i) => placeInWorkflow(r.values, categories.get(r)!, states[i]!));
  return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
