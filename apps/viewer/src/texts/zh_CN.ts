import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Viewer in Chinese (simplified): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  viewer: {
    toolbar: '查看器工具栏',
    reload: '重新加载',
    openInNewTab: '在新标签页中打开',
    empty: {
      title: '没有可显示的内容',
      text: '查看器显示您个人资料中的网页应用。请从应用程序菜单中打开一个。',
    },
  },
};

export default zh_CN;
