import type { AppTranslations } from '@atrium/sdk';

/** English, the fallback: the Preview's own texts (under 'preview'). */
const en_EN = {
  preview: {
    toolbar: 'Preview toolbar',
    previous: 'Previous file',
    next: 'Next file',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit to window',
    actualSize: 'Actual size',
    download: 'Download',
    loading: 'Loading {{name}}…',
    position: '{{index}} of {{count}}',
    unsupported: 'Preview cannot show {{name}}: it is not a picture, a video, a sound or a PDF file.',
    failed: '{{name}} could not be shown: the file may be damaged, or in a format this browser cannot play.',
    empty: { title: 'Nothing to preview', text: 'Open a picture, a video, a sound or a PDF document from your files to see it here.' },
  },
} as const;

/**
 * The Preview application's texts in the seven locales, added to the
 * desktop's catalogues when it launches (docs/APPLICATIONS.md, "Texts"), so
 * that the login page and the desktop do not carry them. The type makes a
 * missing or extra key fail the type check; texts.test.ts checks that they are translated.
 */
export const PREVIEW_TEXTS: AppTranslations<typeof en_EN> = {
  en_EN,
  de_DE: {
    preview: {
      toolbar: 'Werkzeugleiste der Vorschau',
      previous: 'Vorherige Datei',
      next: 'Nächste Datei',
      zoomIn: 'Vergrößern',
      zoomOut: 'Verkleinern',
      fit: 'An Fenster anpassen',
      actualSize: 'Originalgröße',
      download: 'Herunterladen',
      loading: '{{name}} wird geladen…',
      position: '{{index}} von {{count}}',
      unsupported: 'Die Vorschau kann {{name}} nicht anzeigen: Es ist weder ein Bild noch ein Video, eine Audiodatei oder ein PDF.',
      failed: '{{name}} konnte nicht angezeigt werden: Die Datei ist vielleicht beschädigt oder in einem Format, das dieser Browser nicht abspielen kann.',
      empty: { title: 'Keine Vorschau', text: 'Öffnen Sie ein Bild, ein Video, eine Audiodatei oder ein PDF-Dokument aus Ihren Dateien, um es hier zu sehen.' },
    },
  },
  fr_FR: {
    preview: {
      toolbar: 'Barre d’outils de l’aperçu',
      previous: 'Fichier précédent',
      next: 'Fichier suivant',
      zoomIn: 'Zoom avant',
      zoomOut: 'Zoom arrière',
      fit: 'Ajuster à la fenêtre',
      actualSize: 'Taille réelle',
      download: 'Télécharger',
      loading: 'Chargement de {{name}}…',
      position: '{{index}} sur {{count}}',
      unsupported: 'L’aperçu ne peut pas afficher {{name}} : ce n’est ni une image, ni une vidéo, ni un son, ni un fichier PDF.',
      failed: '{{name}} n’a pas pu être affiché : le fichier est peut-être endommagé, ou dans un format que ce navigateur ne sait pas lire.',
      empty: { title: 'Rien à afficher', text: 'Ouvrez une image, une vidéo, un son ou un document PDF de vos fichiers pour le voir ici.' },
    },
  },
  nb_NO: {
    preview: {
      toolbar: 'Verktøylinje for forhåndsvisning',
      previous: 'Forrige fil',
      next: 'Neste fil',
      zoomIn: 'Zoom inn',
      zoomOut: 'Zoom ut',
      fit: 'Tilpass til vinduet',
      actualSize: 'Faktisk størrelse',
      download: 'Last ned',
      loading: 'Laster inn {{name}}…',
      position: '{{index}} av {{count}}',
      unsupported: 'Forhåndsvisning kan ikke vise {{name}}: det er ikke et bilde, en video, en lyd eller en PDF-fil.',
      failed: '{{name}} kunne ikke vises: filen kan være skadet, eller i et format denne nettleseren ikke kan spille av.',
      empty: { title: 'Ingenting å vise', text: 'Åpne et bilde, en video, en lyd eller et PDF-dokument fra filene dine for å se det her.' },
    },
  },
  sl_SI: {
    preview: {
      toolbar: 'Orodna vrstica predogleda',
      previous: 'Prejšnja datoteka',
      next: 'Naslednja datoteka',
      zoomIn: 'Povečaj',
      zoomOut: 'Pomanjšaj',
      fit: 'Prilagodi oknu',
      actualSize: 'Dejanska velikost',
      download: 'Prenesi',
      loading: 'Nalaganje datoteke {{name}} …',
      position: '{{index}} od {{count}}',
      unsupported: 'Predogled ne more prikazati datoteke {{name}}: ni slika, video, zvok ali datoteka PDF.',
      failed: 'Datoteke {{name}} ni bilo mogoče prikazati: morda je poškodovana ali v obliki, ki je ta brskalnik ne zna predvajati.',
      empty: { title: 'Ni česa prikazati', text: 'Odprite sliko, video, zvok ali dokument PDF iz svojih datotek, da ga vidite tukaj.' },
    },
  },
  vi_VN: {
    preview: {
      toolbar: 'Thanh công cụ xem trước',
      previous: 'Tệp trước',
      next: 'Tệp tiếp theo',
      zoomIn: 'Phóng to',
      zoomOut: 'Thu nhỏ',
      fit: 'Vừa với cửa sổ',
      actualSize: 'Kích thước thật',
      download: 'Tải xuống',
      loading: 'Đang tải {{name}}…',
      position: '{{index}} / {{count}}',
      unsupported: 'Không thể xem trước {{name}}: đây không phải là hình ảnh, video, âm thanh hay tệp PDF.',
      failed: 'Không thể hiển thị {{name}}: tệp có thể bị hỏng hoặc ở định dạng mà trình duyệt này không phát được.',
      empty: { title: 'Không có gì để xem', text: 'Mở một hình ảnh, video, âm thanh hoặc tài liệu PDF từ các tệp của bạn để xem ở đây.' },
    },
  },
  zh_CN: {
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
    },
  },
};
