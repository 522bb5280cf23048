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
    input: '搜索文本',
    placeholder: '搜索应用、人员、文件和评论',
    submit: '搜索',
    close: '关闭搜索',
    filters: '搜索范围',
    filter: {
      apps: '应用',
      users: '用户',
      attachments: '附件',
      comments: '评论',
    },
    recent: '最近搜索',
    noRecent: '您最近的搜索会显示在这里。',
    problem: {
      empty: '请输入要搜索的内容！',
      special: '不允许使用特殊字符！',
    },
  },
};
