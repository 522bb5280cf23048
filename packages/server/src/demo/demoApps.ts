import fs from 'node:fs';
import type { DemoOrg, DemoPeople } from './demoRecords.js';

/**
 * The demo's declared applications (apps/*.json, README there): where each
 * is installed and which demo users hold which of its roles. The seeding
 * installs each declaration for its organisations, grants these roles and
 * writes demoRecords() for each pair.
 */
export const DEMO_APPS = ['LeaveRequests', 'Audits', 'RiskRegister', 'Incidents', 'CRM', 'MeetingActions', 'TeamCalendar'] as const;
export type DemoApp = (typeof DEMO_APPS)[number];

/** The organisations each application is installed for. Contoso, a clinic, runs the risk register and audits. */
export const DEMO_APP_ORGS: Readonly<Record<DemoApp, readonly DemoOrg[]>> = {
  LeaveRequests: ['northwind'],
  Audits: ['northwind', 'contoso'],
  RiskRegister: ['northwind', 'contoso'],
  Incidents: ['northwind'],
  CRM: ['northwind'],
  MeetingActions: ['northwind'],
  TeamCalendar: ['northwind'],
};

/**
 * Roles in the applications: Olivia approves her reports' leave (and, as
 * HR, hears of every approval) and leads incidents and sales at Northwind;
 * Liam audits and responds to incidents; Liam and Dana take turns on call
 * (new incidents go to them in turn); at Contoso Dana audits and owns risks
 * and Sofia keeps the register and audits the IT services. The risk board approves the plans of high
 * risks: Olivia, Liam and Dana at Northwind, Sofia and Dana at Contoso
 * (docs/behaviour/workflows.md, "The demo's workflows").
 */
export const DEMO_APP_ROLES: ReadonlyArray<{ org: DemoOrg; user: keyof DemoPeople; app: DemoApp; role: string }> = [
  { org: 'northwind', user: 'olivia', app: 'LeaveRequests', role: 'approver' },
  { org: 'northwind', user: 'liam', app: 'Audits', role: 'auditor' },
  { org: 'contoso', user: 'demo', app: 'Audits', role: 'auditor' },
  { org: 'contoso', user: 'sofia', app: 'Audits', role: 'auditor' },
  { org: 'contoso', user: 'sofia', app: 'RiskRegister', role: 'security-officer' },
  { org: 'contoso', user: 'demo', app: 'RiskRegister', role: 'risk-owner' },
  { org: 'northwind', user: 'olivia', app: 'RiskRegister', role: 'security-officer' },
  { org: 'northwind', user: 'liam', app: 'RiskRegister', role: 'risk-owner' },
  { org: 'northwind', user: 'olivia', app: 'Incidents', role: 'incident-manager' },
  { org: 'northwind', user: 'liam', app: 'Incidents', role: 'responder' },
  { org: 'northwind', user: 'demo', app: 'Incidents', role: 'responder' },
  { org: 'northwind', user: 'olivia', app: 'CRM', role: 'sales-manager' },
  { org: 'northwind', user: 'olivia', app: 'LeaveRequests', role: 'hr' },
  { org: 'northwind', user: 'liam', app: 'Incidents', role: 'on-call' },
  { org: 'northwind', user: 'demo', app: 'Incidents', role: 'on-call' },
  { org: 'northwind', user: 'olivia', app: 'RiskRegister', role: 'risk-board' },
  { org: 'northwind', user: 'liam', app: 'RiskRegister', role: 'risk-board' },
  { org: 'northwind', user: 'demo', app: 'RiskRegister', role: 'risk-board' },
  { org: 'contoso', user: 'sofia', app: 'RiskRegister', role: 'risk-board' },
  { org: 'contoso', user: 'demo', app: 'RiskRegister', role: 'risk-board' },
];

/** The declaration of a demo application as written (JSON, not yet checked). */
export function readDemoDeclaration(app: DemoApp): unknown {
  return JSON.parse(fs.readFileSync(new URL(`./apps/${app}.json`, import.meta.url), 'utf8'));
}
