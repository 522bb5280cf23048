import type { DemoContext, DemoRecord } from '../demoRecords.js';
import { DAY_MS, MINUTE_MS } from './DemoRandom.js';

/**
 * Northwind's incidents of the last twelve months: a few a day (the list
 * needs thousands to page, filter and search through), mostly low or
 * medium severity, resolved within hours or days; the last days' still
 * open, one of them a critical one (red). Those under way have an
 * assignee; the last two reported are new, waiting for the person on call
 * to triage them (docs/behaviour/workflows.md, "The demo's workflows").
 */
export const DEMO_INCIDENT_COUNT = 2_150;

type Service = 'webshop' | 'payments' | 'orders' | 'warehouse' | 'mail' | 'network' | 'remoteAccess' | 'partnerApi';
type Severity = 'sev1' | 'sev2' | 'sev3' | 'sev4';

const SUMMARIES: Record<Service, readonly string[]> = {
  webshop: ['Checkout returns error 502 for some customers', 'Product images do not load', 'Search finds nothing for article numbers', 'Web shop slow during the evening peak', 'Basket loses items after sign-in'],
  payments: ['Card payments time out', 'Customers report duplicate charges', 'Refunds stuck in pending', 'Payment provider callback fails', 'Invoice payments not matched to orders'],
  orders: ['Orders not exported to the warehouse', 'Order confirmation e-mails delayed', 'Wrong VAT on orders to Norway', 'Order import job stopped overnight', 'Order status not updated after shipping'],
  warehouse: ['Handheld scanners cannot reach the warehouse system', 'Pick lists print twice', 'Stock levels out of sync with the web shop', 'Label printer in hall B offline', 'Goods receipt postings fail'],
  mail: ['Mail to external domains delayed', 'Calendar invitations not received', 'Support mailbox not reachable', 'Spam filter blocks supplier invoices'],
  network: ['Wi-Fi drops in the Oslo office', 'Packet loss on the link to the data centre', 'DNS lookups fail now and then', 'Switch in hall A restarts repeatedly'],
  remoteAccess: ['VPN sign-in fails for field staff', 'Remote desktop gateway overloaded', 'Sign-in codes not delivered by text message'],
  partnerApi: ['Partner API answers with error 500', 'Logistics partner hits the API rate limit', 'Partner API certificate expired', 'Product feed to marketplaces incomplete'],
};

const CAUSES: Record<Service, readonly string[]> = {
  webshop: ['A full disk on one web server; old logs removed and rotation fixed.', 'A faulty release; rolled back to the previous version.', 'The image cache was purged by mistake and rebuilt.'],
  payments: ['The payment provider had an outage on their side.', 'An expired API key; renewed and added to the calendar.', 'A retry loop in the callback handler; fixed and deployed.'],
  orders: ['The export job ran out of memory; limits raised.', 'A tax rate table was not updated for the new year.', 'The mail queue was stuck behind one malformed message.'],
  warehouse: ['An access point in hall B failed and was replaced.', 'A database lock held by a report; the report now runs at night.', 'The print server was restarted after a driver update.'],
  mail: ['A DNS record for the mail domain was changed by mistake.', 'The mail relay certificate expired; renewed.', 'A spam filter rule was too strict; relaxed for known suppliers.'],
  network: ['A faulty cable in the patch panel; replaced.', 'The provider’s line had an outage.', 'A firmware bug in the switch; updated.'],
  remoteAccess: ['The sign-in server lost its link to the directory.', 'Licences for concurrent sessions ran out; more were added.', 'The text message gateway had an outage.'],
  partnerApi: ['A new partner sent ten times the usual traffic.', 'The certificate renewal job had been disabled.', 'A schema change broke the feed; fixed on our side.'],
};

const SERVICES: ReadonlyArray<readonly [Service, number]> = [
  ['webshop', 5],
  ['payments', 3],
  ['orders', 3],
  ['warehouse', 4],
  ['mail', 2],
  ['network', 2],
  ['remoteAccess', 2],
  ['partnerApi', 2],
];

/** Minutes to resolve, by severity: critical ones get everyone's attention at once. */
const RESOLVE_MINUTES: Record<Severity, readonly [number, number]> = { sev1: [25, 240], sev2: [45, 720], sev3: [90, 2880], sev4: [180, 7200] };
const CUSTOMERS: Record<Severity, readonly [number, number]> = { sev1: [300, 6000], sev2: [20, 900], sev3: [0, 60], sev4: [0, 5] };

/** A moment of the day people work at, with some nights and weekends. */
function reportedMoment(ctx: DemoContext, daysAgo: number): Date {
  const { now, random } = ctx;
  const day = Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
  const minute = random.chance(0.85) ? random.int(7 * 60, 19 * 60) : random.int(0, 24 * 60 - 1);
  return new Date(Math.min(day + minute * MINUTE_MS, now.getTime() - random.int(5, 90) * MINUTE_MS));
}

export function incidentRecords(ctx: DemoContext): DemoRecord[] {
  if (ctx.org !== 'northwind') return [];
  const { people, now, random } = ctx;
  const moments: Date[] = [];
  for (let i = 0; i < DEMO_INCIDENT_COUNT; i++) moments.push(reportedMoment(ctx, random.int(0, 364)));
  moments.sort((a, b) => a.getTime() - b.getTime());
  const out: DemoRecord[] = [];
  for (const [i, reportedAt] of moments.entries()) {
    const service = random.weighted(SERVICES);
    let severity = random.weighted<Severity>([['sev1', 3], ['sev2', 15], ['sev3', 42], ['sev4', 40]]);
    const ageMinutes = Math.floor((now.getTime() - reportedAt.getTime()) / MINUTE_MS);
    // The latest incident is a critical one still being worked on.
    const latest = i === moments.length - 1;
    // The two before it came in last and are not triaged yet.
    const untriaged = !latest && i >= moments.length - 3;
    if (latest) severity = 'sev1';
    const [fastest, slowest] = RESOLVE_MINUTES[severity];
    const minutes = random.int(fastest, slowest);
    const resolved = minutes < ageMinutes && !latest && !untriaged;
    const reporter = random.weighted([[people.demo, 4], [people.liam, 4], [people.olivia, 2]]);
    const assignee = random.weighted([[people.liam, 5], [people.demo, 3], [people.olivia, 2]]);
    const region = random.weighted([['', 6], [' (Germany)', 1], [' (Norway)', 1], [' (France)', 1]]);
    const summary = `${random.pick(SUMMARIES[service])}${region}`;
    const [few, many] = CUSTOMERS[severity];
    const values: Record<string, unknown> = {
      summary,
      service,
      severity,
      reportedAt: reportedAt.toISOString(),
      reporter,
      customersAffected: random.int(few, many),
    };
    const alerted = `${String(reportedAt.getUTCHours()).padStart(2, '0')}:${String(reportedAt.getUTCMinutes()).padStart(2, '0')}`;
    if (resolved) {
      const resolvedAt = new Date(reportedAt.getTime() + minutes * MINUTE_MS);
      values.status = ageMinutes - minutes > 3 * 24 * 60 && random.chance(0.8) ? 'closed' : 'resolved';
      values.resolvedAt = resolvedAt.toISOString();
      values.timeToResolve = minutes;
      values.assignee = assignee;
      values.details = `Reported at ${alerted} UTC. Cause: ${random.pick(CAUSES[service])}`;
      if (severity === 'sev1' || severity === 'sev2') values.postmortem = `https://wiki.northwind.example/postmortems/${reportedAt.toISOString().slice(0, 10)}-${service.toLowerCase()}`;
    } else {
      // Triaged ones have their assignee; the new ones wait for the person on call.
      values.status = untriaged ? 'open' : latest ? 'investigating' : random.weighted([['investigating', 3], ['mitigated', 2]]);
      if (values.status !== 'open') values.assignee = assignee;
      values.details = `Reported at ${alerted} UTC. Being looked into; updates follow in the comments.`;
    }
    out.push({ entity: 'incident', values, ownerId: reporter, createdBy: reporter, createdAt: reportedAt });
  }
  return out;
}
