import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.external.js';

/** The texts of sign-in through an identity provider (a catalogue part loaded with the provider's login card). */
export const zh_CN: CatalogueShape<typeof en_EN> = {
  external: {
    signIn: '使用 {{name}} 登录',
    builtIn: '使用用户名和密码登录',
    connecting: '正在连接 {{name}}…',
    redirecting: '正在跳转到 {{name}}…',
    checking: '正在验证您的登录…',
    details: '技术详情',
    error: {
      provider: '{{name}} 无法让您登录。',
      exchange: '无法完成通过 {{name}} 的登录。',
      state: '来自 {{name}} 的应答与本次登录不符，已被拒绝。',
      refused: '身份提供方的登录未被接受',
      noAccess: '此身份在这里没有账户',
      linkRequired: '此身份须由管理员关联到这里的账户',
      unreachable: '无法连接到身份提供方',
      options: '通过 {{name}} 登录的设置不正确。请告知您的管理员。',
      failed: '通过 {{name}} 登录失败。',
    },
  },
};
