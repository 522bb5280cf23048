import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Priorities in Chinese (simplified): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  priorities: {
    views: {
      label: '视图',
      assignments: '我的优先事项',
      followups: '我的跟进',
      snoozed: '我的已暂停事项',
    },
    colour: { RED: '红色', YELLOW: '黄色', GREEN: '绿色', BLUE: '蓝色' },
    meaning: { RED: '已逾期', YELLOW: '即将到期', GREEN: '进展正常', BLUE: '无截止日期' },
    filter: {
      label: '按颜色筛选',
      all: '全部',
    },
    sort: {
      label: '排序方式',
      end_date: '截止日期',
      status: '状态',
      asc: '升序',
      desc: '降序',
      order: '排序顺序：{{order}}',
    },
    columns: {
      status: '状态',
      task: '任务',
      application: '应用',
      assignee: '负责人',
      creator: '创建者',
      endDate: '截止日期',
      snoozedUntil: '暂停至',
      comments: '评论',
      actions: '操作',
    },
    task: {
      delegatedBy: '由 {{name}} 委派',
      noEndDate: '无截止日期',
      comments: '评论：{{count}}',
      completed: '已完成',
    },
    actions: {
      edit: '编辑',
      comments: '评论',
      snooze: '暂停',
      manage: '取消暂停或延长',
      complete: '完成',
      snoozeOff: '只有负责人可以暂停，且仅限截止日期未过的绿色任务',
      completeOff: '只有创建者或负责人可以完成此任务',
    },
    list: {
      loading: '正在加载任务…',
      empty: '这里什么都没有。你今天的工作都完成了！',
      emptyFiltered: '这里没有{{colour}}任务。',
      showAll: '显示所有颜色',
    },
    paging: {
      label: '分页',
      showing: '显示第 {{from}}–{{to}} 项，共 {{total}} 项',
      page: '第 {{page}} 页，共 {{pages}} 页',
      first: '第一页',
      previous: '上一页',
      next: '下一页',
      last: '最后一页',
    },
    failed: {
      title: '无法加载你的任务',
      retry: '重试',
      details: '详细信息',
    },
    reason: {
      unreachable: '无法连接服务器。请检查网络连接，然后重试。',
      taskNotFound: '该任务已不存在，或你已无权查看。',
      taskNotEditable: '只有创建者或负责人可以更改此任务。',
      other: '服务器未能按预期响应。请稍后重试；如果仍然失败，请将详细信息告知管理员。',
    },
    highlight: {
      title: '你打开的任务',
      loading: '正在加载任务…',
      missing: '此任务已不存在，或你无权查看。',
      close: '关闭',
    },
    notice: {
      completed: '“{{name}}”已完成。',
      reopened: '“{{name}}”已重新打开。',
      failed: '无法更改“{{name}}”：{{reason}}',
      undo: '撤销',
      dismiss: '隐藏',
    },
  },
};

export default zh_CN;
