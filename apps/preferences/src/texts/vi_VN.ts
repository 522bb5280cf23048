import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preferences in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  preferences: {
    sections: 'Các mục tùy chọn',
    section: {
      appearance: 'Diện mạo',
      panels: 'Thanh công cụ',
      widgets: 'Tiện ích',
      language: 'Ngôn ngữ',
      notifications: 'Thông báo',
      general: 'Chung',
    },
    locked: 'Bị khóa bởi tổ chức của bạn',
    appearance: {
      theme: 'Giao diện',
      icons: 'Biểu tượng',
      wallpaper: 'Hình nền',
      noWallpaper: 'Không có ảnh',
      style: 'Bố cục ảnh',
      color: 'Màu nền',
      font: 'Phông chữ',
      none: 'Chưa cài đặt',
      styles: {
        cover: 'Lấp đầy',
        contain: 'Vừa khít',
        repeat: 'Lát gạch',
        center: 'Căn giữa',
        color: 'Chỉ màu',
      },
    },
    panels: {
      position: 'Vị trí thanh công cụ',
      top: 'Trên cùng',
      bottom: 'Dưới cùng',
      items: 'Mục trên thanh công cụ',
      item: {
        menu: 'Menu ứng dụng',
        windows: 'Danh sách cửa sổ',
        tray: 'Khay hệ thống',
        profile: 'Menu hồ sơ',
        notifications: 'Trung tâm thông báo',
        search: 'Tìm kiếm toàn cục',
        logout: 'Nút đăng xuất',
        home: 'Nút Trang chủ của tôi',
      },
    },
    widgets: {
      legend: 'Tiện ích trên màn hình',
      home: 'Tiện ích trang chủ',
      homeHint: 'Bảng điều khiển của bạn hoặc trang của tổ chức, ngay trên màn hình.',
    },
    language: {
      legend: 'Ngôn ngữ giao diện',
    },
    notifications: {
      digestLegend: 'Bản tóm tắt hằng ngày qua e-mail',
      digestHint: 'Mỗi ngày một e-mail gồm các công việc đang mở của bạn theo màu và các thay đổi ở bản ghi bạn theo dõi. Giờ tính theo UTC (Giờ Phối hợp Quốc tế).',
      digestHour: 'Gửi lúc',
      digestOff: 'Tắt',
      digestAt: 'lúc {{time}} (UTC)',
      digestNone: 'Không gửi bản tóm tắt.',
      digestDaily: 'Bản tóm tắt được gửi mỗi ngày lúc {{time}} UTC khi có điều cần báo.',
    },
    general: {
      greetingLegend: 'Lời chào',
      greeting: 'Chào tôi sau khi đăng nhập',
      greetingError: 'Không thể thay đổi lời chào. Vui lòng thử lại.',
      soundsLegend: 'Âm thanh',
      sounds: 'Phát âm thanh',
      volume: 'Âm lượng',
    },
  },
};

export default vi_VN;
