import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preview in Chinese (simplified): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  preview: {
    toolbar: '预览工具栏',
    previous: '上一个文件',
    next: '下一个文件',
    zoomIn: '放大',
    zoomOut: '缩小',
    fit: '适合窗口',
    actualSize: '实际大小',
    download: '下载',
    loading: '正在加载 {{name}}…',
    position: '第 {{index}} 个，共 {{count}} 个',
    unsupported: '预览无法显示 {{name}}：它不是图片、视频、音频或 PDF 文件。',
    failed: '无法显示 {{name}}：文件可能已损坏，或者是此浏览器无法播放的格式。',
    empty: { title: '没有可预览的内容', text: '从你的文件中打开图片、视频、音频或 PDF 文档，即可在此查看。' },
    reopen: { missing: '{{name}} 已不在 {{path}}：自此窗口显示它以来，它已被移动、重命名或删除。请在“文件”中找到它并重新打开。' },
  },
};

export default zh_CN;
