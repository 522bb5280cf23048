import type { TextsShape } from '@atrium/sdk';
import editor from '../views/editor/texts/vi_VN.js';
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
      new: 'Bảng điều khiển mới',
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
      record: { name: 'Bản ghi', title: 'Tiêu đề' },
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
    refusal: {
      dashboards: {
        notFound: 'Bảng điều khiển này không tồn tại hoặc không được chia sẻ với bạn.',
        noOrganisation: 'Bảng điều khiển thuộc về một tổ chức: hãy chọn một tổ chức trước.',
        forbidden: 'Chỉ chủ sở hữu bảng điều khiển này hoặc quản trị viên của tổ chức mới được thay đổi nó.',
        conflict: 'Bảng điều khiển này đã được thay đổi trong lúc đó (nay là phiên bản {{version}}). Hãy tải lại để xem thay đổi, rồi thực hiện lại thay đổi của bạn.',
        invalid: 'Không thể lưu bảng điều khiển: {{problems}}',
        notYourHome: 'Bạn chỉ được đọc trang chủ của chính mình.',
        notifyNotMember: 'Người sẽ nhận nhiệm vụ khi {{widget}} chuyển sang đỏ không phải là thành viên của tổ chức này.',
        notifyUnknownRole: 'Không có ứng dụng {{app}} nào của tổ chức này có vai trò {{role}}.',
        notifyCannotSee: 'Người nhận nhiệm vụ khi {{widget}} chuyển sang đỏ phải mở được bảng điều khiển này: hãy chia sẻ nó với họ trước.',
      },
      datasets: {
        unknownApp: 'Không có ứng dụng {{app}} nào mà bạn được dùng.',
        unknownDataset: 'Ứng dụng {{app}} không có tập dữ liệu {{dataset}}.',
        unknownDimension: 'Tập dữ liệu {{dataset}} không có chiều {{key}}.',
        unknownMeasure: 'Tập dữ liệu {{dataset}} không có số đo {{key}}.',
        unavailable: 'Không thể tính {{key}} của tập dữ liệu {{dataset}}: tập dữ liệu khai báo nhiều chiều và số đo hơn số liệu của nó chứa được.',
        forbidden: 'Bạn không được đọc các bản ghi mà tập dữ liệu {{dataset}} đếm.',
        hiddenField: 'Bạn không được xem trường đằng sau {{key}}, nên số liệu không thể dùng nó.',
        badFilter: 'Không thể dùng bộ lọc trên {{key}} theo cách đó: {{reason}}',
        badSort: 'Không thể sắp xếp số liệu theo {{key}}.',
        badRange: 'Khoảng thời gian không hợp lệ: {{reason}}',
        timeout: 'Việc tính số liệu mất quá nhiều thời gian và đã bị dừng. Hãy thu hẹp bộ lọc hoặc khoảng thời gian, rồi thử lại.',
      },
    },
    editor: editor.dashboards.editor,
  },
};

export default vi_VN;
