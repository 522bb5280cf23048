import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDeclarationJsonSchema, SCHEMA_FILE } from './appDeclarationSchema.js';

describe('the JSON Schema of declarations for editors', () => {
  it('is committed exactly as the declaration schema generates it (run `npm run schema:apps` after changing the schema)', () => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, '..', SCHEMA_FILE), 'utf8');
    expect(committed).toBe(appDeclarationJsonSchema());
  });

  it('describes a declaration as written: the keys a declaration may leave out are optional, and unknown keys are refused', () => {
    const schema = JSON.parse(appDeclarationJsonSchema()) as { required: string[]; additionalProperties: boolean; properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect(schema.required.sort()).toEqual(['category', 'entities', 'label', 'name', 'version']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toContain('$schema');
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['Labels', 'Field', 'Condition', 'Entity', 'Grant']));
  });
});
