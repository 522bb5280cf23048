import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.work.js';

/** The texts of the work items and global search (a catalogue part loaded when first needed, beside vi_VN.desktop.ts). */
export const vi_VN: CatalogueShape<typeof en_EN> = {
  work: {
    views: {
      assignments: 'Ưu tiên của tôi',
      followups: 'Theo dõi của tôi',
      snoozed: 'Mục đã tạm hoãn của tôi',
    },
  },
  globalSearch: {
    title: 'Bạn đang tìm gì?',
  },
};
