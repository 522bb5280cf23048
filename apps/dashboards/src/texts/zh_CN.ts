import type { TextsShape } from '@atrium/sdk';
import editor from '../views/editor/texts/zh_CN.js';
import type { en_EN } from './en_EN.js';

/** The texts of Dashboards in Simplified Chinese: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  dashboards: {
    list: {
      heading: '仪表板',
      loading: '正在加载仪表板…',
      empty: '还没有与你共享的仪表板。',
      failed: '无法加载仪表板',
      widgets: '组件：{{count}}',
      owner: '所有者：{{name}}',
      open: '打开{{title}}',
      refresh: '刷新',
      new: '新建仪表板',
      sharing: {
        private: '仅所有者',
        organisation: '整个组织',
        role: '{{app}} 的角色 {{role}}',
      },
    },
    dashboard: {
      loading: '正在加载仪表板…',
      failed: '无法打开仪表板',
      back: '全部仪表板',
      edit: '编辑',
      refresh: '刷新',
      widgets: '组件',
    },
    range: {
      label: '时间范围',
      all: '全部时间',
      last7Days: '最近 7 天',
      last30Days: '最近 30 天',
      last90Days: '最近 90 天',
      thisMonth: '本月',
      thisQuarter: '本季度',
      thisYear: '今年',
      last12Months: '最近 12 个月',
      custom: '自选日期',
      from: '从',
      to: '至',
    },
    filters: {
      any: '全部',
      applied: '已应用的筛选',
      remove: '移除筛选 {{filter}}',
      chip: '{{dimension}}：{{value}}',
    },
    widget: {
      loading: '正在加载数据…',
      cancel: '取消',
      empty: '这些筛选条件下没有数据',
      truncated: '显示前 {{count}} 行',
      failed: '无法加载数据',
      timedOutTitle: '计算耗时过长',
      timedOut: '数据计算耗时过长，已被停止。请缩小筛选条件或时间范围后重试。',
      cancelled: '加载已停止。',
      retry: '重试',
      details: '技术详情',
      showData: '显示数据',
      showChart: '显示图表',
      breadcrumb: '{{title}} 的下钻路径',
      chart: '图表：{{title}}',
      drillHint: '点击某个元素，或在某一行上按 Enter 键，即可下钻',
      filterHint: '点击某个元素，或在某一行上按 Enter 键，即可筛选其他组件',
    },
    kpi: {
      up: '较上一期上升 {{percent}}',
      down: '较上一期下降 {{percent}}',
      same: '与上一期持平',
      band: {
        red: '红色：需要处理',
        yellow: '黄色：需要关注',
        green: '绿色：进展正常',
      },
    },
    table: {
      sortBy: '按{{column}}排序',
      record: { name: '记录', title: '标题' },
    },
    drill: {
      dismiss: '关闭',
    },
    value: {
      none: '（无）',
      yes: '是',
      no: '否',
      quarter: '{{year}} 年第 {{quarter}} 季度',
      week: '{{year}} 年第 {{week}} 周',
    },
    refusal: {
      dashboards: {
        notFound: '此仪表板不存在，或未与您共享。',
        noOrganisation: '仪表板属于某个组织：请先选择一个组织。',
        forbidden: '只有此仪表板的所有者或组织的管理员可以更改它。',
        conflict: '此仪表板在此期间已被更改（现为第 {{version}} 版）。请重新加载以查看更改，然后再次进行您的更改。',
        invalid: '无法保存仪表板：{{problems}}',
        notYourHome: '您只能读取自己的主页。',
        notifyNotMember: '{{widget}} 变红时要分配任务的人员不是本组织的成员。',
        notifyUnknownRole: '本组织没有任何应用 {{app}} 具有角色 {{role}}。',
        notifyCannotSee: '{{widget}} 变红时收到任务的人必须能够打开此仪表板：请先与他们共享。',
      },
      datasets: {
        unknownApp: '没有您可以使用的应用程序 {{app}}。',
        unknownDataset: '应用程序 {{app}} 没有数据集 {{dataset}}。',
        unknownDimension: '数据集 {{dataset}} 没有维度 {{key}}。',
        unknownMeasure: '数据集 {{dataset}} 没有度量 {{key}}。',
        unavailable: '无法计算数据集 {{dataset}} 的 {{key}}：该数据集声明的维度和度量多于其数据所能容纳的数量。',
        forbidden: '您无权读取数据集 {{dataset}} 统计的记录。',
        hiddenField: '您无权查看 {{key}} 背后的字段，因此数据无法使用它。',
        badFilter: '{{key}} 上的筛选条件不能这样使用：{{reason}}',
        badSort: '数据无法按 {{key}} 排序。',
        badRange: '时间范围无效：{{reason}}',
        timeout: '数据计算耗时过长，已被停止。请缩小筛选条件或时间范围，然后重试。',
      },
    },
    editor: editor.dashboards.editor,
  },
};

export default zh_CN;
