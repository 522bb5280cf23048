import { DatasetMessages, type DatasetErrorCode } from '@atrium/shared/dashboards';
import { DomainError } from '../DomainError.js';

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(params, key) ? params[key]! : whole));

/**
 * A refused dataset call: answered with DatasetMessages' English text, its
 * placeholders filled, and the code 'datasets.<key>' with the params
 * (statuses: http/domainErrors.ts).
 */
export class DatasetError extends DomainError {
  constructor(
    readonly datasetCode: DatasetErrorCode,
    params: Record<string, string> = {},
  ) {
    super(fill(DatasetMessages[datasetCode], params), `datasets.${datasetCode}`, params);
    this.name = 'DatasetError';
  }
}
