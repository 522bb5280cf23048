import { auditRecords } from './records/audits.js';
import { crmRecords } from './records/crm.js';
import { incidentRecords } from './records/incidents.js';
import { leaveRequestRecords } from './records/leaveRequests.js';
import { meetingActionRecords } from './records/meetingActions.js';
import { riskRecords } from './records/riskRegister.js';
import { teamCalendarRecords } from './records/teamCalendar.js';
import { DemoRandom } from './records/DemoRandom.js';

/**
 * Demo records of the declared demo applications (apps/*.json; README
 * there): realistic values spread over the twelve months before `now` and
 * the two after it, the same for the same arguments (a seeded random
 * source, never Math.random). Every record's values pass the shared check
 * of its entity (checkValues) as they are: computed fields and fields
 * hidden by their hidden-when are left out, dates are days, moments are
 * ISO texts, links name the linked record (a company's name), and records
 * that others link to come first. File fields are left empty: a few audits'
 * files are uploaded to them once the records exist (seedDemoAttachments.ts).
 *
 * The values are the records' current ones, to be written as they are, not
 * through the creator's rights: Dana's approved leave carries Olivia's
 * decision (a read-only field to Dana). A naming series takes its day from
 * `createdAt`.
 */

/** The demo users' ids. */
export interface DemoPeople {
  olivia: string;
  demo: string;
  liam: string;
  sofia: string;
}

/** The demo organisations: Northwind Trading (olivia, demo, liam) and Contoso Health (demo, sofia). */
export type DemoOrg = 'northwind' | 'contoso';

/** One record to write. */
export interface DemoRecord {
  entity: string;
  values: Record<string, unknown>;
  /** The owner (the entity's owner field's user) when the entity declares one. */
  ownerId?: string;
  createdBy: string;
  /** Never after `now`. */
  createdAt: Date;
}

/** What a generator of one application gets. */
export interface DemoContext {
  people: DemoPeople;
  now: Date;
  org: DemoOrg;
  random: DemoRandom;
}

const GENERATORS: Record<string, (ctx: DemoContext) => DemoRecord[]> = {
  LeaveRequests: leaveRequestRecords,
  Audits: auditRecords,
  RiskRegister: riskRecords,
  Incidents: incidentRecords,
  CRM: crmRecords,
  MeetingActions: meetingActionRecords,
  TeamCalendar: teamCalendarRecords,
};

/** The demo records of one application in one organisation (none for an application the demo does not fill there). */
export function demoRecords(app: string, people: DemoPeople, now: Date, org: DemoOrg): DemoRecord[] {
  const generate = Object.hasOwn(GENERATORS, app) ? GENERATORS[app] : undefined;
  if (generate === undefined) return [];
  return generate({ people, now, org, random: new DemoRandom(`${app}:${org}`) });
}
