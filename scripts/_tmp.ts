import * as z from 'zod/mini';
import { AppDeclaration } from '@atrium/shared/apps';
const d = {
  name: '9bad', version: '', label: { en_EN: '' , xx: 'a'}, category: 'nope', extra: 1,
  roles: { 'Bad-Key': { label: { en_EN: 'x' } } },
  entities: { risk: { label: { en_EN: 'Risk' }, pluralLabel: { en_EN: 'Risks' }, naming: { foo: 1 }, titleField: 'title',
    fields: { title: { type: 'text', label: { en_EN: 'T' }, maxLength: 0 }, score: { type: 'number', label: { en_EN: 'S' }, max: 'x' }, c: { type: 'rainbow', label: { en_EN: 'c' } },
      d: { label: { en_EN: 'd' } }, e: { type: 'choice', label: { en_EN: 'e' }, choices: [] }, f: { type: 'text', label: { en_EN: 'f' }, hiddenWhen: { field: 'x' } }, g: { type: 'number', label: {en_EN:'g'}, computed: { foo: 1 } } },
    rights: { everyone: { actions: ['fly'] } }, views: { list: { pageSize: 5 } } } },
};
const r = z.safeParse(AppDeclaration, d);
console.log(JSON.stringify(r.error?.issues, null, 1));
