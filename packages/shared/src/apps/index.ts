/**
 * Declared business applications (docs/APPLICATIONS.md, "Declaring an
 * application"): the declaration's schema, its conditions, the checks of a
 * record's values, and the records calls' contract. A separate entry
 * (`@atrium/shared/apps`), so that only the server, the command line and
 * the records runtime carry it.
 */
export * from './declaration.js';
export * from './dataset.js';
export * from './workflow.js';
export * from './condition.js';
export * from './evaluate.js';
export * from './values.js';
export * from './api.js';
export * from './richText.js';
export * from './checkDeclaration.js';
export { TITLE_TYPES, NUMERIC_TYPES, UNIQUE_TYPES } from './declarationReferences.js';
export { DIMENSION_TYPES, DATE_DIMENSION_TYPES, MEASURE_TYPES } from './datasetReferences.js';
export { unreachableStates } from './workflowReferences.js';
