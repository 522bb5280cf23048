import type { AppTranslations } from '@atrium/sdk';

/** English, the fallback: the Viewer's own texts (under 'viewer'). */
const en_EN = {
  viewer: {
    toolbar: 'Viewer toolbar',
    reload: 'Reload',
    openInNewTab: 'Open in a new tab',
    empty: {
      title: 'Nothing to show',
      text: 'The viewer shows the web applications of your profile. Open one from the application menu.',
    },
  },
} as const;

/**
 * The Viewer application's texts in the seven locales, added to the
 * desktop's catalogues when it launches (docs/APPLICATIONS.md, "Texts"), so
 * that the login page and the desktop do not carry them. The type makes a
 * missing or extra key fail the type check; texts.test.ts checks that they are translated.
 */
export const VIEWER_TEXTS: AppTranslations<typeof en_EN> = {
  en_EN,
  de_DE: {
    viewer: {
      toolbar: 'Symbolleiste der Anzeige',
      reload: 'Neu laden',
      openInNewTab: 'In neuem Tab öffnen',
      empty: {
        title: 'Nichts anzuzeigen',
        text: 'Die Anzeige zeigt die Webanwendungen Ihres Profils. Öffnen Sie eine über das Anwendungsmenü.',
      },
    },
  },
  fr_FR: {
    viewer: {
      toolbar: "Barre d'outils de la visionneuse",
      reload: 'Recharger',
      openInNewTab: 'Ouvrir dans un nouvel onglet',
      empty: {
        title: 'Rien à afficher',
        text: 'La visionneuse affiche les applications web de votre profil. Ouvrez-en une depuis le menu des applications.',
      },
    },
  },
  nb_NO: {
    viewer: {
      toolbar: 'Verktøylinje for visning',
      reload: 'Last inn på nytt',
      openInNewTab: 'Åpne i ny fane',
      empty: {
        title: 'Ingenting å vise',
        text: 'Visningen viser nettprogrammene i profilen din. Åpne et fra programmenyen.',
      },
    },
  },
  sl_SI: {
    viewer: {
      toolbar: 'Orodna vrstica pregledovalnika',
      reload: 'Znova naloži',
      openInNewTab: 'Odpri v novem zavihku',
      empty: {
        title: 'Ni česa prikazati',
        text: 'Pregledovalnik prikazuje spletne aplikacije vašega profila. Odprite eno iz menija aplikacij.',
      },
    },
  },
  vi_VN: {
    viewer: {
      toolbar: 'Thanh công cụ trình xem',
      reload: 'Tải lại',
      openInNewTab: 'Mở trong thẻ mới',
      empty: {
        title: 'Không có gì để hiển thị',
        text: 'Trình xem hiển thị các ứng dụng web trong hồ sơ của bạn. Hãy mở một ứng dụng từ menu ứng dụng.',
      },
    },
  },
  zh_CN: {
    viewer: {
      toolbar: '查看器工具栏',
      reload: '重新加载',
      openInNewTab: '在新标签页中打开',
      empty: {
        title: '没有可显示的内容',
        text: '查看器显示您个人资料中的网页应用。请从应用程序菜单中打开一个。',
      },
    },
  },
};
