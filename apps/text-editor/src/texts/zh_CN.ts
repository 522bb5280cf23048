import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Text Editor in Chinese (simplified): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  textEditor: {
    untitled: '未命名',
    toolbar: '文本编辑器工具栏',
    new: '新建',
    open: '打开…',
    save: '保存',
    saveAs: '另存为…',
    wrap: '自动换行',
    content: '{{name}} 的文本',
    status: '文档状态',
    modified: '已修改',
    position: '第 {{line}} 行，第 {{column}} 列',
    loading: '正在打开…',
    saving: '正在保存…',
    dismiss: '关闭',
    download: '下载',
    tooLarge: { title: '{{name}} 太大，无法编辑', text: '文本编辑器可打开不超过 {{limit}} 的文件；此文件为 {{size}}。你可以改为下载它。' },
    unsaved: { title: '未保存的更改', message: '是否保存对 {{name}} 的更改？', save: '保存', discard: '不保存' },
    reopen: {
      title: '无法重新打开 {{name}}',
      missing: '文件已不在 {{path}}：自此窗口显示它以来，它已被移动、重命名或删除。请用“打开…”从新位置打开它，或关闭此窗口。',
      unsaved: '离开页面前未保存的 {{name}} 更改没有保留：这是文件最后一次保存时的内容。',
      draftLost: { title: '一个新文档未被保留', message: '它的文本从未保存到文件中，因此离开页面后无法恢复。' },
    },
  },
};

export default zh_CN;
