import type { Locale } from '../constants.js';

/**
 * The daily digest's texts (docs/behaviour/workflows.md#digests), in each
 * locale: the server writes the e-mail in the recipient's language.
 * `{count}`, `{name}`, `{user}`, `{changes}` and `{app}` are filled in.
 */
export interface DigestTexts {
  subject: string;
  greeting: string;
  tasks: string;
  red: string;
  yellow: string;
  green: string;
  blue: string;
  due: string;
  followed: string;
  change: string;
  oneChange: string;
  more: string;
  footer: string;
}

export const DIGEST_TEXTS: Readonly<Record<Locale, DigestTexts>> = {
  en_EN: {
    subject: 'Your Atrium digest (open items: {count})',
    greeting: 'Hello {name},',
    tasks: 'Your open tasks',
    red: 'Overdue',
    yellow: 'Due soon',
    green: 'On track',
    blue: 'No due date',
    due: 'due {date}',
    followed: 'Changes to records you follow',
    oneChange: '1 change, by {user}',
    change: '{changes} changes, last by {user}',
    more: 'and {count} more',
    footer: 'You receive this digest once a day. Change its hour or turn it off in Preferences, Notifications.',
  },
  de_DE: {
    subject: 'Ihre Atrium-Übersicht (offene Einträge: {count})',
    greeting: 'Hallo {name},',
    tasks: 'Ihre offenen Aufgaben',
    red: 'Überfällig',
    yellow: 'Bald fällig',
    green: 'Im Plan',
    blue: 'Ohne Fälligkeit',
    due: 'fällig am {date}',
    followed: 'Änderungen an Datensätzen, denen Sie folgen',
    oneChange: '1 Änderung, von {user}',
    change: '{changes} Änderungen, zuletzt von {user}',
    more: 'und {count} weitere',
    footer: 'Sie erhalten diese Übersicht einmal täglich. Uhrzeit ändern oder abschalten unter Einstellungen, Benachrichtigungen.',
  },
  fr_FR: {
    subject: 'Votre résumé Atrium (éléments ouverts : {count})',
    greeting: 'Bonjour {name},',
    tasks: 'Vos tâches ouvertes',
    red: 'En retard',
    yellow: 'Bientôt dues',
    green: 'Dans les temps',
    blue: 'Sans échéance',
    due: 'échéance le {date}',
    followed: 'Modifications des fiches que vous suivez',
    oneChange: '1 modification, par {user}',
    change: '{changes} modifications, la dernière par {user}',
    more: 'et {count} de plus',
    footer: 'Vous recevez ce résumé une fois par jour. Changez son heure ou désactivez-le dans Préférences, Notifications.',
  },
  nb_NO: {
    subject: 'Ditt Atrium-sammendrag (åpne saker: {count})',
    greeting: 'Hei {name},',
    tasks: 'Dine åpne oppgaver',
    red: 'Forfalt',
    yellow: 'Forfaller snart',
    green: 'I rute',
    blue: 'Uten frist',
    due: 'frist {date}',
    followed: 'Endringer i poster du følger',
    oneChange: '1 endring, av {user}',
    change: '{changes} endringer, sist av {user}',
    more: 'og {count} til',
    footer: 'Du får dette sammendraget én gang om dagen. Endre klokkeslettet eller slå det av i Innstillinger, Varsler.',
  },
  sl_SI: {
    subject: 'Vaš povzetek Atrium (odprte postavke: {count})',
    greeting: 'Pozdravljeni, {name},',
    tasks: 'Vaše odprte naloge',
    red: 'Zapadlo',
    yellow: 'Kmalu zapade',
    green: 'V roku',
    blue: 'Brez roka',
    due: 'rok {date}',
    followed: 'Spremembe zapisov, ki jih spremljate',
    oneChange: '1 sprememba, {user}',
    change: 'sprememb: {changes}, zadnja: {user}',
    more: 'in še {count}',
    footer: 'Ta povzetek prejmete enkrat na dan. Uro spremenite ali ga izklopite v Nastavitvah, Obvestila.',
  },
  vi_VN: {
    subject: 'Bản tóm tắt Atrium của bạn (mục đang mở: {count})',
    greeting: 'Xin chào {name},',
    tasks: 'Các công việc đang mở của bạn',
    red: 'Quá hạn',
    yellow: 'Sắp đến hạn',
    green: 'Đúng tiến độ',
    blue: 'Không có hạn',
    due: 'hạn {date}',
    followed: 'Thay đổi ở các bản ghi bạn theo dõi',
    oneChange: '1 thay đổi, bởi {user}',
    change: '{changes} thay đổi, gần nhất bởi {user}',
    more: 'và {count} mục khác',
    footer: 'Bạn nhận bản tóm tắt này mỗi ngày một lần. Đổi giờ hoặc tắt nó trong Tùy chọn, Thông báo.',
  },
  zh_CN: {
    subject: '您的 Atrium 摘要：{count} 个未完成事项',
    greeting: '{name}，您好：',
    tasks: '您的未完成任务',
    red: '已逾期',
    yellow: '即将到期',
    green: '按计划',
    blue: '无截止日期',
    due: '截止 {date}',
    followed: '您关注的记录的更改',
    oneChange: '1 处更改，由 {user} 更改',
    change: '{changes} 处更改，最近由 {user} 更改',
    more: '还有 {count} 项',
    footer: '您每天会收到一次此摘要。可在“偏好设置”的“通知”中更改时间或关闭。',
  },
};
