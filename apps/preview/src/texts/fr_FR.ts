import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of Preview in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
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
    reopen: { missing: '{{name}} n’est plus à l’emplacement {{path}} : il a été déplacé, renommé ou supprimé depuis que cette fenêtre l’affichait. Retrouvez-le dans « Fichiers » pour l’ouvrir à nouveau.' },
  },
};

export default fr_FR;
