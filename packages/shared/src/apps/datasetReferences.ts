import { DATASET_LIMITS, DATASET_META_FIELDS, type Dataset } from './dataset.js';
import type { AppDeclaration, Entity, FieldType } from './declaration.js';
import type { DeclarationProblem } from './declarationIssues.js';

/**
 * The checks of a declaration's datasets a schema cannot make
 * (docs/behaviour/dashboards.md#datasets): each dimension, measure,
 * hierarchy and time field refers to something its entity declares, with
 * a type that fits what is asked of it. Every problem at its path.
 */

/** Types a dimension groups by as they are: one plain value per record. */
export const DIMENSION_TYPES: readonly FieldType[] = ['text', 'choice', 'user', 'link', 'boolean', 'rating', 'email', 'phone'];
/** Types a dimension groups by a part of (year, quarter, month, week, day). */
export const DATE_DIMENSION_TYPES: readonly FieldType[] = ['date', 'datetime'];
/** Types sum, average, minimum and maximum apply to. */
export const MEASURE_TYPES: readonly FieldType[] = ['number', 'decimal', 'percent', 'duration', 'rating'];

type Problems = DeclarationProblem[];

/** The type of a dataset's field: the entity's field, or 'user' / 'datetime' for the record's owner and creation time. */
function typeOf(entity: Entity, field: string): FieldType | undefined {
  if (Object.hasOwn(entity.fields, field)) return entity.fields[field]!.type;
  if ((DATASET_META_FIELDS as readonly string[]).includes(field)) return field === 'owner' ? 'user' : 'datetime';
  return undefined;
}

function checkDimensions(out: Problems, dataset: Dataset, entity: Entity, path: string): void {
  for (const [key, dimension] of Object.entries(dataset.dimensions)) {
    const at = `${path}.dimensions.${key}`;
    const type = typeOf(entity, dimension.field);
    if (type === undefined) out.push({ path: `${at}.field`, message: `no field '${dimension.field}' in entity '${dataset.entity}'` });
    else if (DATE_DIMENSION_TYPES.includes(type)) {
      if (dimension.part === undefined) out.push({ path: `${at}.part`, message: `'${dimension.field}' is a date: say which part groups it (year, quarter, month, week or day)` });
    } else if (!DIMENSION_TYPES.includes(type)) out.push({ path: `${at}.field`, message: `'${dimension.field}' is a ${type} field; a dimension groups by a field of type ${DIMENSION_TYPES.join(', ')}, or a date with a part` });
    else if (dimension.part !== undefined) out.push({ path: `${at}.part`, message: `'${dimension.field}' is not a date: a part applies only to date fields` });
  }
}

function checkMeasure(out: Problems, dataset: Dataset, entity: Entity, key: string, at: string): void {
  const measure = dataset.measures[key]!;
  if (measure.ratio !== undefined) {
    if (measure.op !== undefined || measure.field !== undefined) out.push({ path: at, message: 'a ratio names two measures of the dataset, not an operation or a field' });
    for (const part of ['numerator', 'denominator'] as const) {
      const other = measure.ratio[part];
      if (!Object.hasOwn(dataset.measures, other)) out.push({ path: `${at}.ratio.${part}`, message: `no measure '${other}' in this dataset` });
      else if (dataset.measures[other]!.ratio !== undefined) out.push({ path: `${at}.ratio.${part}`, message: `'${other}' is a ratio itself; a ratio divides two measures that are not ratios` });
    }
    return;
  }
  if (measure.op === undefined) return void out.push({ path: `${at}.op`, message: 'must be one of count, sum, avg, min, max, distinct (or declare a ratio)' });
  if (measure.op === 'count') {
    if (measure.field !== undefined) out.push({ path: `${at}.field`, message: 'count counts records: it names no field' });
    return;
  }
  if (measure.field === undefined) return void out.push({ path: `${at}.field`, message: `${measure.op} needs a field` });
  const type = typeOf(entity, measure.field);
  if (type === undefined) out.push({ path: `${at}.field`, message: `no field '${measure.field}' in entity '${dataset.entity}'` });
  else if (measure.op === 'distinct' ? !DIMENSION_TYPES.includes(type) : !MEASURE_TYPES.includes(type))
    out.push({ path: `${at}.field`, message: `'${measure.field}' is a ${type} field; ${measure.op} applies to a field of type ${(measure.op === 'distinct' ? DIMENSION_TYPES : MEASURE_TYPES).join(', ')}` });
}

function checkDataset(out: Problems, declaration: AppDeclaration, key: string, dataset: Dataset): void {
  const path = `datasets.${key}`;
  const entity = declaration.entities[dataset.entity];
  if (entity === undefined) return void out.push({ path: `${path}.entity`, message: `no entity '${dataset.entity}' in this application` });
  const dims = Object.keys(dataset.dimensions);
  const measures = Object.keys(dataset.measures);
  if (dims.length > DATASET_LIMITS.dimensions) out.push({ path: `${path}.dimensions`, message: `must have at most ${DATASET_LIMITS.dimensions} dimensions` });
  if (measures.length === 0) out.push({ path: `${path}.measures`, message: 'must declare at least one measure' });
  if (measures.length > DATASET_LIMITS.measures) out.push({ path: `${path}.measures`, message: `must have at most ${DATASET_LIMITS.measures} measures` });
  const clash = dims.find((d) => measures.includes(d));
  if (clash !== undefined) out.push({ path: `${path}.measures.${clash}`, message: `'${clash}' is also a dimension: dimensions and measures need different keys` });
  checkDimensions(out, dataset, entity, path);
  for (const measure of measures) checkMeasure(out, dataset, entity, measure, `${path}.measures.${measure}`);
  const hierarchies = Object.entries(dataset.hierarchies ?? {});
  if (hierarchies.length > DATASET_LIMITS.hierarchies) out.push({ path: `${path}.hierarchies`, message: `must have at most ${DATASET_LIMITS.hierarchies} hierarchies` });
  for (const [name, hierarchy] of hierarchies) {
    hierarchy.levels.forEach((level, i) => {
      if (!dims.includes(level)) out.push({ path: `${path}.hierarchies.${name}.levels.${i}`, message: `no dimension '${level}' in this dataset` });
    });
    if (new Set(hierarchy.levels).size !== hierarchy.levels.length) out.push({ path: `${path}.hierarchies.${name}.levels`, message: 'must not name a dimension twice' });
  }
  if (dataset.time !== undefined) {
    const type = typeOf(entity, dataset.time);
    if (type === undefined) out.push({ path: `${path}.time`, message: `no field '${dataset.time}' in entity '${dataset.entity}'` });
    else if (!DATE_DIMENSION_TYPES.includes(type)) out.push({ path: `${path}.time`, message: `'${dataset.time}' is a ${type} field; the time range applies to a date field` });
  }
}

/** Every problem of the declaration's datasets. */
export function datasetProblems(declaration: AppDeclaration): DeclarationProblem[] {
  const out: Problems = [];
  const datasets = Object.entries(declaration.datasets ?? {});
  if (datasets.length > DATASET_LIMITS.datasets) out.push({ path: 'datasets', message: `must have at most ${DATASET_LIMITS.datasets} datasets` });
  for (const [key, dataset] of datasets) checkDataset(out, declaration, key, dataset);
  return out;
}
