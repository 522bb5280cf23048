import type { Choice } from '@atrium/shared/apps';

/** A colour an application's choice may name. */
export type ChoiceColour = NonNullable<Choice['colour']>;

/** The seven colours a choice may name, in the order of the declaration's schema. */
export const CHOICE_COLOURS: readonly ChoiceColour[] = ['grey', 'blue', 'green', 'yellow', 'orange', 'red', 'purple'];

/** Whether a text names one of the choices' colours. */
export function isChoiceColour(value: unknown): value is ChoiceColour {
  return typeof value === 'string' && (CHOICE_COLOURS as readonly string[]).includes(value);
}

/**
 * The theme's variable of a choice's colour (`--atr-choice-blue`): every
 * theme sets the seven, each readable on its surfaces. A view tints with
 * the app kit's class `atk-choice--blue` (its `--atk-choice`); one that
 * cannot use CSS (a chart on a canvas) reads the value with
 * {@link choiceColourValue}.
 */
export function choiceColourVariable(colour: ChoiceColour): string {
  return `--atr-choice-${colour}`;
}

/**
 * The colour, as the theme has it where `element` is, of a choice's
 * colour name; undefined for a name that is none of the seven or when no
 * theme sets it.
 */
export function choiceColourValue(element: Element, colour: string | undefined): string | undefined {
  if (!isChoiceColour(colour)) return undefined;
  return getComputedStyle(element).getPropertyValue(choiceColourVariable(colour)).trim() || undefined;
}
