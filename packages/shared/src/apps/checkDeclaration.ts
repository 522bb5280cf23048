import * as z from 'zod/mini';
import { LOCALES } from '../constants.js';
import { AppDeclaration, type ChildField, type Field, type Labels } from './declaration.js';
import { problemsOfIssues, type DeclarationProblem } from './declarationIssues.js';
import { referenceProblems } from './declarationReferences.js';

export { formatProblem, type DeclarationProblem } from './declarationIssues.js';

/**
 * The full check of a declaration before it is installed (docs/APPLICATIONS.md,
 * "Declaring an application"): the schema, then every cross-reference, with
 * every problem at its path; a declaration with any problem is refused as a
 * whole. Texts missing in a locale are no problem: they are warnings, since
 * en_EN is shown in their place.
 */
export type DeclarationCheck = { ok: true; declaration: AppDeclaration; warnings: string[] } | { ok: false; problems: DeclarationProblem[] };

/** Checks a declaration as read from its JSON; on success, the declaration with its defaults filled in. */
export function checkDeclaration(input: unknown): DeclarationCheck {
  const parsed = z.safeParse(AppDeclaration, input);
  if (!parsed.success) return { ok: false, problems: problemsOfIssues(parsed.error.issues, input) };
  const problems = referenceProblems(parsed.data);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, declaration: parsed.data, warnings: missingTranslations(parsed.data) };
}

/** Every text of a field (its label, help, pattern message, choices' labels, a table's child fields'). */
function fieldTexts(field: Field | ChildField): Labels[] {
  const texts: Labels[] = [field.label];
  if (field.help) texts.push(field.help);
  if ('patternMessage' in field && field.patternMessage) texts.push(field.patternMessage);
  if ('choices' in field) texts.push(...field.choices.map((c) => c.label));
  if (field.type === 'table') texts.push(...Object.values(field.fields).flatMap(fieldTexts));
  return texts;
}

/** Every text of a declaration a user may read, in the declaration's order. */
export function declarationTexts(declaration: AppDeclaration): Labels[] {
  const texts: Labels[] = [declaration.label];
  if (declaration.description) texts.push(declaration.description);
  for (const role of Object.values(declaration.roles)) {
    texts.push(role.label);
    if (role.description) texts.push(role.description);
  }
  for (const dataset of Object.values(declaration.datasets ?? {})) {
    texts.push(dataset.label, ...(dataset.description ? [dataset.description] : []));
    texts.push(...Object.values(dataset.dimensions).map((d) => d.label), ...Object.values(dataset.measures).map((m) => m.label));
    texts.push(...Object.values(dataset.hierarchies ?? {}).map((h) => h.label));
  }
  for (const entity of Object.values(declaration.entities)) {
    texts.push(entity.label, entity.pluralLabel);
    texts.push(...Object.values(entity.fields).flatMap(fieldTexts));
    const form = entity.views.form;
    if (form) {
      const sections = 'tabs' in form ? form.tabs.flatMap((t) => t.sections) : form.sections;
      if ('tabs' in form) texts.push(...form.tabs.map((t) => t.label));
      texts.push(...sections.flatMap((s) => (s.label ? [s.label] : [])));
    }
  }
  return texts;
}

/** One warning per locale some text lacks: how many texts show en_EN there instead. */
export function missingTranslations(declaration: AppDeclaration): string[] {
  const texts = declarationTexts(declaration);
  return LOCALES.filter((l) => l !== 'en_EN').flatMap((locale) => {
    const missing = texts.filter((t) => (t as Record<string, string | undefined>)[locale] === undefined).length;
    return missing === 0 ? [] : [`${locale}: ${missing} ${missing === 1 ? 'text' : 'texts'} missing, en_EN is shown instead`];
  });
}
