import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preferences in Chinese (simplified): the keys of en_EN.ts, loaded when the desktop needs this locale. */
const zh_CN: TextsShape<typeof en_EN> = {
  preferences: {
    sections: '偏好设置分区',
    section: {
      appearance: '外观',
      panels: '面板',
      widgets: '小组件',
      language: '语言',
      notifications: '通知',
      general: '常规',
    },
    locked: '已被您的组织锁定',
    appearance: {
      theme: '主题',
      icons: '图标',
      wallpaper: '壁纸',
      noWallpaper: '无图片',
      style: '图片布局',
      color: '背景颜色',
      font: '字体',
      none: '未安装',
      styles: {
        cover: '填充',
        contain: '适应',
        repeat: '平铺',
        center: '居中',
        color: '仅颜色',
      },
    },
    panels: {
      position: '面板位置',
      top: '顶部',
      bottom: '底部',
      items: '面板项目',
      item: {
        menu: '应用程序菜单',
        windows: '窗口列表',
        tray: '系统托盘',
        profile: '个人资料菜单',
        notifications: '通知中心',
        search: '全局搜索',
        logout: '注销按钮',
        home: '“我的主页”按钮',
      },
    },
    widgets: {
      legend: '桌面小组件',
      home: '主页小组件',
      homeHint: '在桌面上显示您的仪表板或组织页面。',
    },
    language: {
      legend: '界面语言',
    },
    notifications: {
      digestLegend: '每日电子邮件摘要',
      digestHint: '每天一封电子邮件，按颜色列出您的未完成任务以及您关注的记录的更改。时间为 UTC（协调世界时）。',
      digestHour: '发送时间',
      digestOff: '关闭',
      digestAt: 'UTC {{time}}',
      digestNone: '不发送摘要。',
      digestDaily: '有内容时，您的摘要将在每天 UTC {{time}} 发送。',
    },
    general: {
      greetingLegend: '问候语',
      greeting: '登录后向我问候',
      greetingError: '无法更改问候语设置，请重试。',
      soundsLegend: '声音',
      sounds: '播放声音',
      volume: '音量',
    },
  },
};

export default zh_CN;
