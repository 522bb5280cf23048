import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Viewer in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  viewer: {
    toolbar: 'Thanh công cụ trình xem',
    reload: 'Tải lại',
    openInNewTab: 'Mở trong thẻ mới',
    empty: {
      title: 'Không có gì để hiển thị',
      text: 'Trình xem hiển thị các ứng dụng web trong hồ sơ của bạn. Hãy mở một ứng dụng từ menu ứng dụng.',
    },
  },
};

export default vi_VN;
