import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Viewer in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
  viewer: {
    toolbar: "Barre d'outils de la visionneuse",
    reload: 'Recharger',
    openInNewTab: 'Ouvrir dans un nouvel onglet',
    empty: {
      title: 'Rien à afficher',
      text: 'La visionneuse affiche les applications web de votre profil. Ouvrez-en une depuis le menu des applications.',
    },
  },
};

export default fr_FR;
