import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.work.js';

/** The texts of the work items and global search (a catalogue part loaded when first needed, beside zh_CN.desktop.ts). */
export const zh_CN: CatalogueShape<typeof en_EN> = {
  work: {
    views: {
      assignments: '我的优先事项',
      followups: '我的跟进',
      snoozed: '我的已暂停事项',
    },
  },
  globalSearch: {
    title: '您在搜索什么？',
  },
};
