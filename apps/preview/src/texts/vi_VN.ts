import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preview in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  preview: {
    toolbar: 'Thanh công cụ xem trước',
    previous: 'Tệp trước',
    next: 'Tệp tiếp theo',
    zoomIn: 'Phóng to',
    zoomOut: 'Thu nhỏ',
    fit: 'Vừa với cửa sổ',
    actualSize: 'Kích thước thật',
    download: 'Tải xuống',
    loading: 'Đang tải {{name}}…',
    position: '{{index}} / {{count}}',
    unsupported: 'Không thể xem trước {{name}}: đây không phải là hình ảnh, video, âm thanh hay tệp PDF.',
    failed: 'Không thể hiển thị {{name}}: tệp có thể bị hỏng hoặc ở định dạng mà trình duyệt này không phát được.',
    empty: { title: 'Không có gì để xem', text: 'Mở một hình ảnh, video, âm thanh hoặc tài liệu PDF từ các tệp của bạn để xem ở đây.' },
    reopen: { missing: '{{name}} không còn ở {{path}}: tệp đã bị di chuyển, đổi tên hoặc xóa kể từ khi cửa sổ này hiển thị nó. Hãy tìm tệp trong “Tệp” để mở lại.' },
  },
};

export default vi_VN;
