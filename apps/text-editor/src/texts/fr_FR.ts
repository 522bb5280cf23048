import type { TextsShape } from '@atrium/sdk';
import type { en_EN } from './en_EN.js';

/** The texts of the Text Editor in French: the keys of en_EN.ts, loaded when the desktop needs this locale. */
const fr_FR: TextsShape<typeof en_EN> = {
  textEditor: {
    untitled: 'Sans titre',
    toolbar: 'Barre d’outils de l’éditeur de texte',
    new: 'Nouveau',
    open: 'Ouvrir…',
    save: 'Enregistrer',
    saveAs: 'Enregistrer sous…',
    wrap: 'Renvoyer les longues lignes à la ligne',
    content: 'Texte de {{name}}',
    status: 'État du document',
    modified: 'Modifié',
    position: 'Ligne {{line}}, col. {{column}}',
    loading: 'Ouverture…',
    saving: 'Enregistrement…',
    dismiss: 'Fermer',
    download: 'Télécharger',
    tooLarge: { title: '{{name}} est trop volumineux pour être modifié', text: 'L’éditeur de texte ouvre les fichiers jusqu’à {{limit}} ; celui-ci fait {{size}}. Vous pouvez le télécharger à la place.' },
    unsaved: { title: 'Modifications non enregistrées', message: 'Voulez-vous enregistrer les modifications de {{name}} ?', save: 'Enregistrer', discard: 'Ignorer' },
    reopen: {
      title: '{{name}} n’a pas pu être rouvert',
      missing: 'Le fichier n’est plus à l’emplacement {{path}} : il a été déplacé, renommé ou supprimé depuis que cette fenêtre l’affichait. Ouvrez-le à son nouvel emplacement avec « Ouvrir… », ou fermez cette fenêtre.',
      unsaved: 'Les modifications de {{name}} qui n’avaient pas été enregistrées avant de quitter la page n’ont pas été conservées : voici le fichier tel qu’il a été enregistré en dernier.',
      draftLost: { title: 'Un nouveau document n’a pas été conservé', message: 'Son texte n’a jamais été enregistré dans un fichier : il ne pouvait donc pas revenir après que vous avez quitté la page.' },
    },
  },
};

export default fr_FR;
