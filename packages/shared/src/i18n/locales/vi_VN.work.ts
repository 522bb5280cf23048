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
    input: 'Nội dung tìm kiếm',
    placeholder: 'Tìm ứng dụng, người dùng, tệp và bình luận',
    submit: 'Tìm kiếm',
    close: 'Đóng tìm kiếm',
    filters: 'Tìm trong',
    filter: {
      apps: 'Ứng dụng',
      users: 'Người dùng',
      attachments: 'Tệp đính kèm',
      comments: 'Bình luận',
    },
    recent: 'Gần đây',
    noRecent: 'Các tìm kiếm gần đây của bạn sẽ hiện ở đây.',
    problem: {
      empty: 'Vui lòng nhập nội dung cần tìm!',
      special: 'Không được phép dùng ký tự đặc biệt!',
    },
  },
};
