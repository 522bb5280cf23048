import { labelOf, type Entity, type RecordPerson, type TimelineEntry } from '@atrium/shared/apps';
import { valueText, type ValueContext } from './valueText.js';

/** One line of a change: the text's key and the values of its placeholders. */
export interface TimelineLine {
  key: string;
  params: Record<string, string>;
}

/**
 * The lines of a history entry in the user's language: "Olivia Hart changed
 * Status from Requested to Approved" for each field an update changed
 * ("set" when it had no value, "cleared" when it has none now), "created the
 * record" and the like for the other actions. Field labels and values are
 * the declaration's (a field the caller may not see shows no values).
 */
export function changeLines(entry: Extract<TimelineEntry, { kind: 'change' }>, entity: Pick<Entity, 'fields' | 'workflow'>, ctx: ValueContext): TimelineLine[] {
  const who = entry.by?.name ?? ctx.t('records.timeline.someone');
  if (entry.action === 'transition' || entry.action === 'reassign') return [...stepLines(entry, entity, ctx, who), ...fieldLines(entry, entity, ctx, who)];
  if (entry.action !== 'update') return [{ key: `records.timeline.action.${entry.action}`, params: { who } }];
  if (entry.changes.length === 0) return [{ key: 'records.timeline.action.update', params: { who } }];
  return fieldLines(entry, entity, ctx, who);
}

/**
 * A workflow's step in words: "Olivia Hart took the step “Approve”" (for
 * whom, when she stood in for an absent colleague), an approval that still
 * waits for others, the work given from one person to another, and the
 * comment written with the step.
 */
function stepLines(entry: Extract<TimelineEntry, { kind: 'change' }>, entity: Pick<Entity, 'workflow'>, ctx: ValueContext, who: string): TimelineLine[] {
  const detail = entry.detail;
  const someone = () => ctx.t('records.timeline.someone');
  if (!detail) return [{ key: 'records.timeline.action.update', params: { who } }];
  if ('reassigned' in detail) return [{ key: 'records.timeline.step.reassigned', params: { who, from: detail.reassigned.from?.name ?? someone(), to: detail.reassigned.to?.name ?? someone() } }];
  const declared = entity.workflow?.transitions[detail.transition];
  const action = declared ? labelOf(declared.action, ctx.locale) : detail.transition;
  const waiting = detail.decision === 'approve' && entry.changes.length === 0;
  const key = `records.timeline.step.${waiting ? 'approved' : 'took'}${detail.onBehalfOf ? 'For' : ''}`;
  const lines: TimelineLine[] = [{ key, params: { who, action, ...(detail.onBehalfOf ? { name: detail.onBehalfOf.name } : {}) } }];
  if (detail.comment) lines.push({ key: 'records.timeline.step.comment', params: { text: detail.comment } });
  return lines;
}

/** One line per field a change wrote. */
function fieldLines(entry: Extract<TimelineEntry, { kind: 'change' }>, entity: Pick<Entity, 'fields'>, ctx: ValueContext, who: string): TimelineLine[] {
  return entry.changes.map(({ field: key, before, after }): TimelineLine => {
    const field = Object.hasOwn(entity.fields, key) ? entity.fields[key] : undefined;
    const label = field ? labelOf(field.label, ctx.locale) : key;
    const [from, to] = [valueText(field, before, ctx), valueText(field, after, ctx)];
    if (from === '' && to === '') return { key: 'records.timeline.change.changed', params: { who, field: label } };
    if (from === '') return { key: 'records.timeline.change.set', params: { who, field: label, to } };
    if (to === '') return { key: 'records.timeline.change.cleared', params: { who, field: label } };
    return { key: 'records.timeline.change.fromTo', params: { who, field: label, from, to } };
  });
}

/** A part of a comment's text: words, or a mention of a person. */
export type CommentPart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; person: RecordPerson };

/** A mention as written: `@` then a username (letters, digits, `_`, `.`, `-`, not ending in `.` or `-`), not inside a word or an address. */
const MENTION = /(^|[^\p{L}\p{N}_@.])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)/gu;

/**
 * A comment's text split into its words and its mentions: `@` and the id
 * (as suggestions write it) or the username of a person the comment
 * mentions (the server's list) is a mention; any other
 * `@word` stays text, so that nothing the server did not resolve looks like
 * a mention.
 */
export function commentParts(text: string, mentions: readonly RecordPerson[]): CommentPart[] {
  const byId = new Map(mentions.map((p) => [p.id.toLowerCase(), p]));
  const parts: CommentPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const person = byId.get(match[2]!.toLowerCase());
    if (person === undefined) continue;
    const start = match.index + match[1]!.length;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    const written = `@${match[2]!}`;
    parts.push({ kind: 'mention', text: written, person });
    at = start + written.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** The mention being typed where the caret is: the word after an `@` that starts a word, up to the caret. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s([{"'])@([\p{L}\p{N}_.-]{0,40})$/u.exec(before);
  if (match === null) return null;
  return { start: match.index + match[1]!.length, query: match[2]! };
}

/** People whose username or a word of whose name begins with the query (case and accents ignored), at most `max`, in the list's order. */
export function mentionCandidates(people: readonly RecordPerson[], query: string, max = 8): RecordPerson[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query);
  return people.filter((p) => fold(p.id).startsWith(q) || fold(p.name).split(/\s+/).some((word) => word.startsWith(q))).slice(0, max);
}
