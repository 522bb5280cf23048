import type { Locale } from '../constants.js';
import { TASK_NAME_MAX_LENGTH } from './tasks.js';

/**
 * The name of the task an overdue task gives the assignee's manager
 * (docs/behaviour/workflows.md#escalation), in the manager's language: it is
 * stored as the task's name, so the server writes it once, translated.
 */
export const ESCALATION_TASK_TEXTS: Readonly<Record<Locale, string>> = {
  en_EN: 'Overdue: {task}',
  de_DE: 'Überfällig: {task}',
  fr_FR: 'En retard : {task}',
  nb_NO: 'Forfalt: {task}',
  sl_SI: 'Zamuda: {task}',
  vi_VN: 'Quá hạn: {task}',
  zh_CN: '已逾期：{task}',
};

/** The escalation task's name for an overdue task's name, in a language, cut to a task name's length. */
export function escalationTaskName(locale: Locale, task: string): string {
  const name = ESCALATION_TASK_TEXTS[locale].replace('{task}', () => task);
  return name.length > TASK_NAME_MAX_LENGTH ? `${name.slice(0, TASK_NAME_MAX_LENGTH - 1)}…` : name;
}
