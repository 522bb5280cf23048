import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Dashboards in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  dashboards: {
    list: {
      heading: 'Bảng điều khiển',
      loading: 'Đang tải bảng điều khiển…',
      empty: 'Chưa có bảng điều khiển nào được chia sẻ với bạn.',
      failed: 'Không thể tải các bảng điều khiển',
      widgets: 'Thành phần: {{count}}',
      owner: 'Chủ sở hữu: {{name}}',
      open: 'Mở {{title}}',
      refresh: 'Làm mới',
      sharing: {
        private: 'Chỉ chủ sở hữu',
        organisation: 'Toàn bộ tổ chức',
        role: 'Vai trò {{role}} của {{app}}',
      },
    },
    dashboard: {
      loading: 'Đang tải bảng điều khiển…',
      failed: 'Không thể mở bảng điều khiển',
      back: 'Tất cả bảng điều khiển',
      edit: 'Sửa',
      refresh: 'Làm mới',
      widgets: 'Thành phần',
    },
    range: {
      label: 'Khoảng thời gian',
      all: 'Toàn bộ thời gian',
      last7Days: '7 ngày qua',
      last30Days: '30 ngày qua',
      last90Days: '90 ngày qua',
      thisMonth: 'Tháng này',
      thisQuarter: 'Quý này',
      thisYear: 'Năm nay',
      last12Months: '12 tháng qua',
      custom: 'Ngày đã chọn',
      from: 'Từ',
      to: 'Đến',
    },
    filters: {
      any: 'Tất cả',
      applied: 'Bộ lọc đang áp dụng',
      remove: 'Bỏ bộ lọc {{filter}}',
      chip: '{{dimension}}: {{value}}',
    },
    widget: {
      loading: 'Đang tải số liệu…',
      cancel: 'Hủy',
      empty: 'Không có dữ liệu cho các bộ lọc này',
      truncated: 'Đang hiển thị {{count}} dòng đầu tiên',
      failed: 'Không thể tải số liệu',
      timedOutTitle: 'Tính toán mất quá nhiều thời gian',
      timedOut: 'Việc tính số liệu mất quá nhiều thời gian và đã bị dừng. Hãy thu hẹp bộ lọc hoặc khoảng thời gian rồi thử lại.',
      cancelled: 'Việc tải đã bị dừng.',
      retry: 'Thử lại',
      details: 'Chi tiết kỹ thuật',
      showData: 'Hiện dữ liệu',
      showChart: 'Hiện biểu đồ',
      breadcrumb: 'Đường dẫn xem chi tiết của {{title}}',
      chart: 'Biểu đồ: {{title}}',
      drillHint: 'Nhấp vào một phần tử, hoặc nhấn Enter trên một dòng, để xem chi tiết',
      filterHint: 'Nhấp vào một phần tử, hoặc nhấn Enter trên một dòng, để lọc các thành phần khác',
    },
    kpi: {
      up: 'Tăng {{percent}} so với kỳ trước',
      down: 'Giảm {{percent}} so với kỳ trước',
      same: 'Không đổi so với kỳ trước',
      band: {
        red: 'Đỏ: cần xử lý',
        yellow: 'Vàng: cần theo dõi',
        green: 'Xanh: đúng tiến độ',
      },
    },
    table: {
      sortBy: 'Sắp xếp theo {{column}}',
    },
    drill: {
      dismiss: 'Đóng',
    },
    value: {
      none: '(không có)',
      yes: 'Có',
      no: 'Không',
      quarter: 'Quý {{quarter}} {{year}}',
      week: 'Tuần {{week}}, {{year}}',
    },
  },
};

export default vi_VN;
