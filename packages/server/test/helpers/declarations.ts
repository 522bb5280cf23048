/**
 * Small declarations of declared applications for the tests of install and
 * upgrade: a risk register with a text title, a number, a choice, a table
 * and a role. `riskRegister()` is a fresh copy each time, to change freely.
 */
import { AppDeclaration, type AppDeclarationInput } from '@atrium/shared/apps';
import * as z from 'zod/mini';

/** A text in every locale. */
export const texts = (en: string) => ({ en_EN: en, de_DE: `${en} DE`, fr_FR: `${en} FR`, nb_NO: `${en} NB`, sl_SI: `${en} SL`, vi_VN: `${en} VI`, zh_CN: `${en} ZH` });

export function riskRegister(): AppDeclarationInput {
  return {
    name: 'RiskRegister',
    version: '1.0.0',
    label: texts('Risk Register'),
    category: 'information security management',
    roles: { 'security-officer': { label: texts('Security officer') } },
    entities: {
      risk: {
        label: texts('Risk'),
        pluralLabel: texts('Risks'),
        naming: { series: 'RISK-{####}' },
        titleField: 'title',
        fields: {
          title: { type: 'text', label: texts('Title'), required: true },
          score: { type: 'number', label: texts('Score'), min: 1, max: 25 },
          status: { type: 'choice', label: texts('Status'), choices: [{ value: 'open', label: texts('Open') }, { value: 'closed', label: texts('Closed') }] },
          notes: { type: 'text', label: texts('Notes') },
          actions: { type: 'table', label: texts('Actions'), fields: { what: { type: 'text', label: texts('What') }, hours: { type: 'number', label: texts('Hours') } } },
        },
        views: { board: { groupBy: 'status' } },
        rights: { everyone: { actions: ['read'] }, 'security-officer': { actions: ['read', 'create', 'update', 'delete'] } },
      },
      review: {
        label: texts('Review'),
        pluralLabel: texts('Reviews'),
        naming: { series: 'REV-{###}' },
        titleField: 'summary',
        fields: { summary: { type: 'text', label: texts('Summary') } },
        rights: { everyone: { actions: ['read'] } },
      },
    },
  };
}

/** The declaration with its defaults filled in, as the store keeps it. */
export function parsed(input: AppDeclarationInput): AppDeclaration {
  return z.parse(AppDeclaration, input);
}
