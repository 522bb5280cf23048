import type { TextsShape } from '@atrium/sdk';
import type { workflow_en_EN } from './workflow.en_EN.js';

/** Tiếng Việt: quy trình của một bản ghi trong Records. */
const workflow_vi_VN: TextsShape<typeof workflow_en_EN> = {
  records: {
    workflow: {
      label: 'Quy trình',
      state: 'Trạng thái: {{state}}',
      entered: 'Từ {{date}}',
      due: 'Hạn {{date}}',
      dueStatus: {
        RED: 'quá hạn',
        YELLOW: 'sắp đến hạn',
        GREEN: 'đúng hạn',
      },
      assignees: 'Giao cho',
      noAssignees: 'Không ai',
      actions: 'Các bước',
      blockedCondition: 'Chưa thể thực hiện: bản ghi chưa đáp ứng điều kiện của bước này.',
      blockedRequires: 'Hãy điền: {{fields}}',
      enteredState: 'Bản ghi hiện ở trạng thái {{state}}.',
      sending: 'Đang gửi…',
      comment: 'Bình luận',
      commentOptional: 'Bình luận (không bắt buộc)',
      commentMissing: 'Hãy viết bình luận để thực hiện bước này.',
      cancel: 'Hủy',
      approvals: 'Phê duyệt: {{count}} trên {{needed}}',
      approvers: 'Người phê duyệt',
      decision: {
        approve: 'Đã duyệt',
        reject: 'Đã từ chối',
        waiting: 'Đang chờ',
      },
      delegatedFor: 'thay cho {{name}}',
      follow: 'Theo dõi',
      following: 'Đang theo dõi',
      reassign: 'Giao lại',
      reassignOf: 'Chuyển công việc của {{name}} cho',
      reassignSend: 'Giao lại',
      diagram: 'Trạng thái và các bước',
      current: 'trạng thái hiện tại',
      arrow: '{{from}} → {{to}}: {{action}}',
      dismiss: 'Đóng',
      refused: 'Bước này chưa được thực hiện: {{reason}}',
      noTransition: 'không có bước nào bạn được phép thực hiện dẫn đến trạng thái đó.',
      blockedMove: 'bước đến trạng thái đó chưa thể thực hiện.',
      waitingForMe: 'Đang chờ tôi',
      unknownUser: 'Người dùng không xác định',
    },
  },
};
export default workflow_vi_VN;
