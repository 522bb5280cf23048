import type { AppTranslations } from '@atrium/sdk';

/** English, the fallback: GlobalSearch's own texts (under 'globalSearchApp'). The two refusals are the product's exact wording. */
const en_EN = {
  globalSearchApp: {
    search: { label: 'Search text', placeholder: 'Search apps, people, files and comments', submit: 'Search' },
    tabs: { label: 'Kinds of results', all: 'All', apps: 'Apps', users: 'Users', attachments: 'Attachments', comments: 'Comments' },
    results: 'Results for “{{text}}”',
    loading: 'Searching…',
    start: 'Type what you are looking for and press Enter.',
    showAll: 'Show all {{count}}',
    more: 'Show more',
    moreFailed: 'More results could not be loaded.',
    empty: {
      title: 'Nothing found for “{{text}}”',
      hint: 'Check the spelling, or try other or fewer words.',
      kind: 'Nothing among {{kind}} matches “{{text}}”.',
    },
    error: {
      title: 'The search could not be done',
      hint: 'Check your connection, then try again.',
      retry: 'Try again',
      details: 'Technical details',
    },
    problem: {
      empty: 'Please enter something to search!',
      special: 'The use of special characters is not allowed!',
    },
    openFailed: 'This result could not be opened: {{reason}}',
    result: {
      matchedName: 'Name matches',
      matchedContent: 'Text matches',
      task: 'Task {{task}} in {{app}}',
    },
  },
} as const;

/** GlobalSearch's texts in the seven locales (docs/APPLICATIONS.md, "Texts"). */
export const GLOBAL_SEARCH_TEXTS: AppTranslations<typeof en_EN> = {
  en_EN,
  de_DE: {
    globalSearchApp: {
      search: { label: 'Suchtext', placeholder: 'Anwendungen, Personen, Dateien und Kommentare suchen', submit: 'Suchen' },
      tabs: { label: 'Arten von Ergebnissen', all: 'Alle', apps: 'Anwendungen', users: 'Benutzer', attachments: 'Anhänge', comments: 'Kommentare' },
      results: 'Ergebnisse für „{{text}}“',
      loading: 'Suche läuft…',
      start: 'Geben Sie ein, wonach Sie suchen, und drücken Sie die Eingabetaste.',
      showAll: 'Alle {{count}} anzeigen',
      more: 'Mehr anzeigen',
      moreFailed: 'Weitere Ergebnisse konnten nicht geladen werden.',
      empty: {
        title: 'Nichts gefunden für „{{text}}“',
        hint: 'Prüfen Sie die Schreibweise oder versuchen Sie andere oder weniger Wörter.',
        kind: 'Unter {{kind}} passt nichts zu „{{text}}“.',
      },
      error: {
        title: 'Die Suche konnte nicht durchgeführt werden',
        hint: 'Prüfen Sie Ihre Verbindung und versuchen Sie es dann erneut.',
        retry: 'Erneut versuchen',
        details: 'Technische Details',
      },
      problem: {
        empty: 'Bitte geben Sie einen Suchbegriff ein!',
        special: 'Sonderzeichen sind nicht erlaubt!',
      },
      openFailed: 'Dieses Ergebnis konnte nicht geöffnet werden: {{reason}}',
      result: {
        matchedName: 'Name passt',
        matchedContent: 'Text passt',
        task: 'Aufgabe {{task}} in {{app}}',
      },
    },
  },
  fr_FR: {
    globalSearchApp: {
      search: { label: 'Texte à rechercher', placeholder: 'Rechercher des applications, des personnes, des fichiers et des commentaires', submit: 'Rechercher' },
      tabs: { label: 'Types de résultats', all: 'Tout', apps: 'Applications', users: 'Utilisateurs', attachments: 'Pièces jointes', comments: 'Commentaires' },
      results: 'Résultats pour « {{text}} »',
      loading: 'Recherche en cours…',
      start: 'Saisissez ce que vous cherchez et appuyez sur Entrée.',
      showAll: 'Afficher les {{count}}',
      more: 'Afficher plus',
      moreFailed: "D'autres résultats n'ont pas pu être chargés.",
      empty: {
        title: 'Aucun résultat pour « {{text}} »',
        hint: "Vérifiez l'orthographe, ou essayez d'autres mots ou moins de mots.",
        kind: 'Rien parmi {{kind}} ne correspond à « {{text}} ».',
      },
      error: {
        title: "La recherche n'a pas pu être effectuée",
        hint: 'Vérifiez votre connexion, puis réessayez.',
        retry: 'Réessayer',
        details: 'Détails techniques',
      },
      problem: {
        empty: 'Veuillez saisir un texte à rechercher !',
        special: "L'utilisation de caractères spéciaux n'est pas autorisée !",
      },
      openFailed: "Ce résultat n'a pas pu être ouvert : {{reason}}",
      result: {
        matchedName: 'Le nom correspond',
        matchedContent: 'Le texte correspond',
        task: 'Tâche {{task}} dans {{app}}',
      },
    },
  },
  nb_NO: {
    globalSearchApp: {
      search: { label: 'Søketekst', placeholder: 'Søk etter apper, personer, filer og kommentarer', submit: 'Søk' },
      tabs: { label: 'Typer resultater', all: 'Alle', apps: 'Apper', users: 'Brukere', attachments: 'Vedlegg', comments: 'Kommentarer' },
      results: 'Resultater for «{{text}}»',
      loading: 'Søker…',
      start: 'Skriv hva du leter etter, og trykk Enter.',
      showAll: 'Vis alle {{count}}',
      more: 'Vis flere',
      moreFailed: 'Flere resultater kunne ikke lastes inn.',
      empty: {
        title: 'Fant ingenting for «{{text}}»',
        hint: 'Sjekk stavemåten, eller prøv andre eller færre ord.',
        kind: 'Ingenting blant {{kind}} passer til «{{text}}».',
      },
      error: {
        title: 'Søket kunne ikke utføres',
        hint: 'Sjekk tilkoblingen, og prøv igjen.',
        retry: 'Prøv igjen',
        details: 'Tekniske detaljer',
      },
      problem: {
        empty: 'Skriv inn noe å søke etter!',
        special: 'Spesialtegn er ikke tillatt!',
      },
      openFailed: 'Dette resultatet kunne ikke åpnes: {{reason}}',
      result: {
        matchedName: 'Navnet passer',
        matchedContent: 'Teksten passer',
        task: 'Oppgave {{task}} i {{app}}',
      },
    },
  },
  sl_SI: {
    globalSearchApp: {
      search: { label: 'Iskalno besedilo', placeholder: 'Iščite aplikacije, osebe, datoteke in komentarje', submit: 'Išči' },
      tabs: { label: 'Vrste rezultatov', all: 'Vse', apps: 'Aplikacije', users: 'Uporabniki', attachments: 'Priloge', comments: 'Komentarji' },
      results: 'Rezultati za »{{text}}«',
      loading: 'Iskanje …',
      start: 'Vpišite, kaj iščete, in pritisnite Enter.',
      showAll: 'Prikaži vseh {{count}}',
      more: 'Prikaži več',
      moreFailed: 'Več rezultatov ni bilo mogoče naložiti.',
      empty: {
        title: 'Za »{{text}}« ni bilo najdeno nič',
        hint: 'Preverite črkovanje ali poskusite z drugimi ali manj besedami.',
        kind: 'Med {{kind}} se z »{{text}}« ne ujema nič.',
      },
      error: {
        title: 'Iskanja ni bilo mogoče izvesti',
        hint: 'Preverite povezavo in poskusite znova.',
        retry: 'Poskusi znova',
        details: 'Tehnične podrobnosti',
      },
      problem: {
        empty: 'Vnesite nekaj za iskanje!',
        special: 'Uporaba posebnih znakov ni dovoljena!',
      },
      openFailed: 'Tega rezultata ni bilo mogoče odpreti: {{reason}}',
      result: {
        matchedName: 'Ujema se ime',
        matchedContent: 'Ujema se besedilo',
        task: 'Naloga {{task}} v {{app}}',
      },
    },
  },
  vi_VN: {
    globalSearchApp: {
      search: { label: 'Nội dung tìm kiếm', placeholder: 'Tìm ứng dụng, người dùng, tệp và bình luận', submit: 'Tìm kiếm' },
      tabs: { label: 'Loại kết quả', all: 'Tất cả', apps: 'Ứng dụng', users: 'Người dùng', attachments: 'Tệp đính kèm', comments: 'Bình luận' },
      results: 'Kết quả cho “{{text}}”',
      loading: 'Đang tìm…',
      start: 'Nhập nội dung bạn cần tìm rồi nhấn Enter.',
      showAll: 'Hiện tất cả {{count}}',
      more: 'Hiện thêm',
      moreFailed: 'Không tải được thêm kết quả.',
      empty: {
        title: 'Không tìm thấy gì cho “{{text}}”',
        hint: 'Hãy kiểm tra chính tả, hoặc thử từ khác hay ít từ hơn.',
        kind: 'Không có mục nào trong {{kind}} khớp với “{{text}}”.',
      },
      error: {
        title: 'Không thể thực hiện tìm kiếm',
        hint: 'Hãy kiểm tra kết nối rồi thử lại.',
        retry: 'Thử lại',
        details: 'Chi tiết kỹ thuật',
      },
      problem: {
        empty: 'Vui lòng nhập nội dung cần tìm!',
        special: 'Không được phép dùng ký tự đặc biệt!',
      },
      openFailed: 'Không mở được kết quả này: {{reason}}',
      result: {
        matchedName: 'Khớp tên',
        matchedContent: 'Khớp nội dung',
        task: 'Công việc {{task}} trong {{app}}',
      },
    },
  },
  zh_CN: {
    globalSearchApp: {
      search: { label: '搜索文本', placeholder: '搜索应用、人员、文件和评论', submit: '搜索' },
      tabs: { label: '结果类型', all: '全部', apps: '应用', users: '用户', attachments: '附件', comments: '评论' },
      results: '“{{text}}”的搜索结果',
      loading: '正在搜索…',
      start: '输入要查找的内容，然后按回车键。',
      showAll: '显示全部 {{count}} 项',
      more: '显示更多',
      moreFailed: '无法加载更多结果。',
      empty: {
        title: '未找到与“{{text}}”相关的内容',
        hint: '请检查拼写，或换用其他词语、减少词语。',
        kind: '{{kind}}中没有与“{{text}}”匹配的内容。',
      },
      error: {
        title: '无法完成搜索',
        hint: '请检查网络连接，然后重试。',
        retry: '重试',
        details: '技术详情',
      },
      problem: {
        empty: '请输入要搜索的内容！',
        special: '不允许使用特殊字符！',
      },
      openFailed: '无法打开此结果：{{reason}}',
      result: {
        matchedName: '名称匹配',
        matchedContent: '内容匹配',
        task: '{{app}} 中的任务 {{task}}',
      },
    },
  },
};
