import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Text Editor in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  textEditor: {
    untitled: 'Chưa đặt tên',
    toolbar: 'Thanh công cụ của trình soạn thảo văn bản',
    new: 'Mới',
    open: 'Mở…',
    save: 'Lưu',
    saveAs: 'Lưu thành…',
    wrap: 'Ngắt dòng dài',
    content: 'Nội dung của {{name}}',
    status: 'Trạng thái tài liệu',
    modified: 'Đã sửa đổi',
    position: 'Dòng {{line}}, cột {{column}}',
    loading: 'Đang mở…',
    saving: 'Đang lưu…',
    dismiss: 'Đóng',
    download: 'Tải xuống',
    tooLarge: { title: '{{name}} quá lớn để chỉnh sửa', text: 'Trình soạn thảo văn bản mở được tệp tối đa {{limit}}; tệp này có {{size}}. Bạn có thể tải nó xuống thay vào đó.' },
    unsaved: { title: 'Thay đổi chưa lưu', message: 'Bạn có muốn lưu các thay đổi của {{name}} không?', save: 'Lưu', discard: 'Bỏ qua' },
    reopen: {
      title: 'Không thể mở lại {{name}}',
      missing: 'Tệp không còn ở {{path}}: tệp đã bị di chuyển, đổi tên hoặc xóa kể từ khi cửa sổ này hiển thị nó. Hãy mở tệp từ vị trí mới bằng “Mở…”, hoặc đóng cửa sổ này.',
      unsaved: 'Các thay đổi của {{name}} chưa được lưu trước khi rời trang đã không được giữ lại: đây là tệp như lần lưu gần nhất.',
      draftLost: { title: 'Một tài liệu mới đã không được giữ lại', message: 'Văn bản của tài liệu chưa bao giờ được lưu vào tệp, nên không thể quay lại sau khi rời trang.' },
    },
  },
};

export default vi_VN;
