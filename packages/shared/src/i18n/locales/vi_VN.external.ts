import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.external.js';

/** The texts of sign-in through an identity provider (a catalogue part loaded with the provider's login card). */
export const vi_VN: CatalogueShape<typeof en_EN> = {
  external: {
    signIn: 'Đăng nhập bằng {{name}}',
    builtIn: 'Đăng nhập bằng tên người dùng và mật khẩu',
    connecting: 'Đang kết nối với {{name}}…',
    redirecting: 'Đang chuyển hướng đến {{name}}…',
    checking: 'Đang kiểm tra đăng nhập của bạn…',
    details: 'Chi tiết kỹ thuật',
    error: {
      provider: '{{name}} không thể đăng nhập cho bạn.',
      exchange: 'Không thể hoàn tất việc đăng nhập bằng {{name}}.',
      state: 'Phản hồi từ {{name}} không thuộc về lần đăng nhập này nên đã bị từ chối.',
      refused: 'Lần đăng nhập từ nhà cung cấp danh tính không được chấp nhận',
      noAccess: 'Danh tính này không có tài khoản ở đây',
      linkRequired: 'Quản trị viên phải liên kết danh tính này với tài khoản của nó ở đây',
      unreachable: 'Không thể kết nối với nhà cung cấp danh tính',
      options: 'Đăng nhập bằng {{name}} chưa được thiết lập đúng. Vui lòng báo cho quản trị viên.',
      failed: 'Đăng nhập bằng {{name}} không thành công.',
    },
  },
};
