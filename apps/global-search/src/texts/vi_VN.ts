import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of GlobalSearch in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  globalSearchApp: {
    search: { label: 'Nội dung tìm kiếm', placeholder: 'Tìm ứng dụng, người dùng, tệp và bình luận', submit: 'Tìm kiếm' },
    tabs: { label: 'Loại kết quả', all: 'Tất cả', apps: 'Ứng dụng', users: 'Người dùng', attachments: 'Tệp đính kèm', comments: 'Bình luận', records: 'Bản ghi' },
    results: 'Kết quả cho “{{text}}”',
    loading: 'Đang tìm…',
    start: 'Nhập nội dung bạn cần tìm rồi nhấn Enter.',
    showAll: 'Hiện tất cả {{count}}',
    more: 'Hiện thêm',
    moreFailed: 'Không tải được thêm kết quả.',
    empty: {
      title: 'Không tìm thấy gì cho “{{text}}”',
      hint: 'Hãy kiểm tra chính tả, hoặc thử từ khác hay ít từ hơn.',
      kind: 'Không có mục nào trong {{kind}} khớp với “{{text}}”.',
    },
    error: {
      title: 'Không thể thực hiện tìm kiếm',
      hint: 'Hãy kiểm tra kết nối rồi thử lại.',
      retry: 'Thử lại',
      details: 'Chi tiết kỹ thuật',
    },
    problem: {
      empty: 'Vui lòng nhập nội dung cần tìm!',
      special: 'Không được phép dùng ký tự đặc biệt!',
    },
    openFailed: 'Không mở được kết quả này: {{reason}}',
    result: {
      matchedName: 'Khớp tên',
      matchedContent: 'Khớp nội dung',
      task: 'Công việc {{task}} trong {{app}}',
      record: '{{entity}} {{name}} trong {{app}}',
      onRecord: 'Về {{entity}} “{{title}}” trong {{app}}',
      colour: { RED: 'Đỏ', YELLOW: 'Vàng', GREEN: 'Xanh lá', BLUE: 'Xanh dương' },
    },
  },
};

export default vi_VN;
