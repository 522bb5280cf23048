import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of GlobalSearch in Chinese (simplified): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  globalSearchApp: {
    search: { label: '搜索文本', placeholder: '搜索应用、人员、文件和评论', submit: '搜索' },
    tabs: { label: '结果类型', all: '全部', apps: '应用', users: '用户', attachments: '附件', comments: '评论', records: '记录' },
    results: '“{{text}}”的搜索结果',
    loading: '正在搜索…',
    start: '输入要查找的内容，然后按回车键。',
    showAll: '显示全部 {{count}} 项',
    more: '显示更多',
    moreFailed: '无法加载更多结果。',
    empty: {
      title: '未找到与“{{text}}”相关的内容',
      hint: '请检查拼写，或换用其他词语、减少词语。',
      kind: '{{kind}}中没有与“{{text}}”匹配的内容。',
    },
    error: {
      title: '无法完成搜索',
      hint: '请检查网络连接，然后重试。',
      retry: '重试',
      details: '技术详情',
    },
    problem: {
      empty: '请输入要搜索的内容！',
      special: '不允许使用特殊字符！',
    },
    openFailed: '无法打开此结果：{{reason}}',
    result: {
      matchedName: '名称匹配',
      matchedContent: '内容匹配',
      task: '{{app}} 中的任务 {{task}}',
      record: '{{app}} 中的{{entity}} {{name}}',
      onRecord: '{{app}} 中{{entity}}“{{title}}”的评论',
      colour: { RED: '红色', YELLOW: '黄色', GREEN: '绿色', BLUE: '蓝色' },
    },
  },
};

export default zh_CN;
