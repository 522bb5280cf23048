import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.js';

export const zh_CN: CatalogueShape<typeof en_EN> = {
  app: { name: 'Atrium' },
  start: {
    title: '欢迎使用 Atrium',
    status: '服务器正在运行。登录页面即将推出。',
    version: '版本 {{version}}',
  },
  login: {
    error: {
      failed: '登录失败',
      incorrect: '您输入的用户名或密码不正确',
      empty: '用户名或密码不能为空',
    },
  },
  forgot: {
    error: { required: '请输入您的用户名' },
    sent: '如果账户存在，我们将发送一封包含后续说明的电子邮件',
  },
  reset: {
    success: '密码重置成功',
    expired: '密码重置链接已过期，请重新尝试重置。',
  },
  password: {
    length: '密码必须至少包含八个字符！',
    digit: '密码必须至少包含一个数字 (0-9)！',
    lowercase: '密码必须至少包含一个小写字母 (a-z)！',
    uppercase: '密码必须至少包含一个大写字母 (A-Z)！',
    special: "密码必须至少包含一个特殊字符($&+,:;=?@#|'<>.-^*()%!)",
    mismatch: '密码不匹配',
  },
};
