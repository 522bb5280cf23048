import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.js';

export const vi_VN: CatalogueShape<typeof en_EN> = {
  app: { name: 'Atrium' },
  start: {
    title: 'Chào mừng đến với Atrium',
    status: 'Máy chủ đang chạy. Trang đăng nhập sẽ sớm có.',
    version: 'Phiên bản {{version}}',
  },
  login: {
    error: {
      failed: 'Đăng nhập thất bại',
      incorrect: 'Tên người dùng hoặc mật khẩu bạn nhập không đúng',
      empty: 'Tên người dùng hoặc mật khẩu không được để trống',
    },
  },
  forgot: {
    error: { required: 'Vui lòng nhập tên người dùng của bạn' },
    sent: 'Nếu tài khoản tồn tại, một email kèm hướng dẫn sẽ được gửi đến bạn',
  },
  reset: {
    success: 'Đặt lại mật khẩu thành công',
    expired: 'Liên kết đặt lại mật khẩu đã hết hạn, vui lòng thử lại.',
  },
  password: {
    length: 'Mật khẩu phải có ít nhất tám ký tự!',
    digit: 'Mật khẩu phải có ít nhất một chữ số (0-9)!',
    lowercase: 'Mật khẩu phải có ít nhất một chữ cái thường (a-z)!',
    uppercase: 'Mật khẩu phải có ít nhất một chữ cái viết hoa (A-Z)!',
    special: "Mật khẩu phải có ít nhất một ký tự đặc biệt ($&+,:;=?@#|'<>.-^*()%!)",
    mismatch: 'Mật khẩu không khớp',
  },
};
