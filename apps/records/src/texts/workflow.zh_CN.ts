import type { TextsShape } from '@atrium/sdk';
import type { workflow_en_EN } from './workflow.en_EN.js';

/** 简体中文：Records 中记录的工作流。 */
const workflow_zh_CN: TextsShape<typeof workflow_en_EN> = {
  records: {
    workflow: {
      label: '工作流',
      state: '状态：{{state}}',
      entered: '自 {{date}} 起',
      due: '截止 {{date}}',
      dueStatus: {
        RED: '已逾期',
        YELLOW: '即将到期',
        GREEN: '按时',
      },
      assignees: '负责人',
      noAssignees: '无人',
      actions: '步骤',
      blockedCondition: '暂不可用：记录尚未满足此步骤的条件。',
      blockedRequires: '请填写：{{fields}}',
      enteredState: '记录现在处于“{{state}}”状态。',
      sending: '正在发送…',
      comment: '评论',
      commentOptional: '评论（可选）',
      commentMissing: '请填写评论以执行此步骤。',
      cancel: '取消',
      approvals: '审批：{{count}} / {{needed}}',
      approvers: '审批人',
      decision: {
        approve: '已批准',
        reject: '已拒绝',
        waiting: '等待中',
      },
      delegatedFor: '代 {{name}}',
      follow: '关注',
      following: '已关注',
      reassign: '重新分配',
      reassignOf: '将 {{name}} 的工作转交给',
      reassignSend: '转交',
      diagram: '状态与步骤',
      current: '当前状态',
      arrow: '{{from}} → {{to}}：{{action}}',
      dismiss: '关闭',
      refused: '此步骤未执行：{{reason}}',
      noTransition: '没有您可执行的步骤通向该状态。',
      blockedMove: '通往该状态的步骤暂不可用。',
      waitingForMe: '等待我处理',
      unknownUser: '未知用户',
    },
  },
};
export default workflow_zh_CN;
