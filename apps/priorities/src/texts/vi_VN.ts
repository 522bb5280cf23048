import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Priorities in Vietnamese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const vi_VN: TextsShape<typeof en_EN> = {
  priorities: {
    views: {
      label: 'Chế độ xem',
      assignments: 'Ưu tiên của tôi',
      followups: 'Theo dõi của tôi',
      snoozed: 'Mục đã tạm hoãn của tôi',
    },
    colour: { RED: 'Đỏ', YELLOW: 'Vàng', GREEN: 'Xanh lá', BLUE: 'Xanh dương' },
    meaning: { RED: 'Quá hạn', YELLOW: 'Sắp đến hạn', GREEN: 'Đúng tiến độ', BLUE: 'Không có ngày kết thúc' },
    filter: {
      label: 'Lọc theo màu',
      all: 'Tất cả',
    },
    sort: {
      label: 'Sắp xếp theo',
      end_date: 'Ngày kết thúc',
      status: 'Trạng thái',
      asc: 'Tăng dần',
      desc: 'Giảm dần',
      order: 'Thứ tự sắp xếp: {{order}}',
    },
    columns: {
      status: 'Trạng thái',
      task: 'Công việc',
      application: 'Ứng dụng',
      assignee: 'Người được giao',
      creator: 'Người tạo',
      endDate: 'Ngày kết thúc',
      snoozedUntil: 'Tạm hoãn đến',
      comments: 'Bình luận',
      actions: 'Thao tác',
    },
    task: {
      delegatedBy: 'Được ủy quyền bởi {{name}}',
      noEndDate: 'Không có ngày kết thúc',
      comments: 'Bình luận: {{count}}',
      completed: 'Đã hoàn thành',
    },
    actions: {
      edit: 'Sửa',
      comments: 'Bình luận',
      snooze: 'Tạm hoãn',
      manage: 'Bỏ tạm hoãn hoặc gia hạn',
      complete: 'Hoàn thành',
      snoozeOff: 'Chỉ người được giao mới có thể tạm hoãn, và chỉ với công việc màu xanh lá chưa qua ngày kết thúc',
      completeOff: 'Chỉ người tạo hoặc người được giao mới có thể hoàn thành công việc này',
    },
    list: {
      loading: 'Đang tải công việc…',
      empty: 'Không có gì ở đây. Bạn đã xong việc hôm nay!',
      emptyFiltered: 'Không có công việc màu {{colour}} ở đây.',
      showAll: 'Hiện tất cả các màu',
    },
    paging: {
      label: 'Trang',
      showing: 'Đang hiện {{from}}–{{to}} trên {{total}}',
      page: 'Trang {{page}} / {{pages}}',
      first: 'Trang đầu',
      previous: 'Trang trước',
      next: 'Trang sau',
      last: 'Trang cuối',
    },
    failed: {
      title: 'Không thể tải công việc của bạn',
      retry: 'Thử lại',
      details: 'Chi tiết',
    },
    reason: {
      unreachable: 'Không thể kết nối với máy chủ. Hãy kiểm tra kết nối rồi thử lại.',
      taskNotFound: 'Công việc không còn tồn tại, hoặc bạn không còn được xem nó.',
      taskNotEditable: 'Chỉ người tạo hoặc người được giao mới có thể thay đổi công việc này.',
      other: 'Máy chủ không trả lời như mong đợi. Hãy thử lại sau giây lát; nếu vẫn lỗi, hãy gửi phần chi tiết cho quản trị viên.',
    },
    highlight: {
      title: 'Công việc bạn đã mở',
      loading: 'Đang tải công việc…',
      missing: 'Công việc này không còn tồn tại, hoặc bạn không được xem nó.',
      close: 'Đóng',
    },
    notice: {
      completed: '“{{name}}” đã hoàn thành.',
      reopened: '“{{name}}” đã được mở lại.',
      failed: 'Không thể thay đổi “{{name}}”: {{reason}}',
      undo: 'Hoàn tác',
      dismiss: 'Ẩn',
    },
  },
};

export default vi_VN;
