/**
 * The dataset calls' refusals (code `datasets.<key>`; the client translates
 * the code with `params`): docs/behaviour/dashboards.md#queries. The
 * English texts the server answers beside the code.
 */
export const DatasetMessages = {
  unknownApp: 'There is no application {app} you may use',
  unknownDataset: 'The application {app} has no dataset {dataset}',
  unknownDimension: 'The dataset {dataset} has no dimension {key}',
  unknownMeasure: 'The dataset {dataset} has no measure {key}',
  unavailable: '{key} of the dataset {dataset} cannot be computed: the dataset declares more dimensions and measures than its figures hold',
  forbidden: 'You may not read the records the dataset {dataset} counts',
  hiddenField: 'You may not see the field behind {key}, so the figures cannot use it',
  badFilter: 'The filter on {key} cannot be used that way: {reason}',
  badSort: 'The figures cannot be sorted by {key}',
  badRange: 'The time range is not valid: {reason}',
  timeout: 'The figures took too long to compute and were stopped. Narrow the filters or the time range, then try again.',
} as const;
export type DatasetErrorCode = keyof typeof DatasetMessages;
