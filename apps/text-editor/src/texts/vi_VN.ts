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
  },
};

export default vi_VN;
