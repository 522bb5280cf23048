/**
 * A dashboard's definition checked on save against what the organisation
 * runs and the dashboards the caller sees, by the rules the editor applies
 * too (shared dashboards/definitionRules.ts;
 * docs/behaviour/dashboards.md#the-rules-of-a-definition). Pure: the
 * caller gathers what it reads. Every problem at its path, in English.
 */
import type { AppDeclaration } from '@atrium/shared/apps';
import { definitionProblemMessage, definitionProblems as ruleProblems, type DashboardDefinition, type DashboardProblem, type DatasetShape } from '@atrium/shared/dashboards';

/** What the checks read: the declarations the organisation runs, by application name, and the dashboards the caller sees. */
export interface DefinitionFacts {
  apps: ReadonlyMap<string, AppDeclaration>;
  dashboards: ReadonlySet<string>;
}

/** A dataset of a declaration as the rules see it (own keys only: `constructor` is no dataset). */
function datasetShape(apps: DefinitionFacts['apps'], app: string, key: string): DatasetShape | 'noApp' | 'noDataset' {
  const declaration = apps.get(app);
  if (!declaration) return 'noApp';
  const dataset = declaration.datasets && Object.hasOwn(declaration.datasets, key) ? declaration.datasets[key] : undefined;
  return dataset ? { dimensions: Object.keys(dataset.dimensions), measures: Object.keys(dataset.measures) } : 'noDataset';
}

/** Every problem of a definition, given what the organisation runs and which dashboards the caller sees. */
export function definitionProblems(definition: DashboardDefinition, facts: DefinitionFacts): DashboardProblem[] {
  const found = ruleProblems(definition, { dataset: (app, key) => datasetShape(facts.apps, app, key), dashboards: facts.dashboards });
  return found.map((problem) => ({ path: problem.path, message: definitionProblemMessage(problem) }));
}
