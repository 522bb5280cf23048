import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.external.js';

/** The texts of sign-in through an identity provider (a catalogue part loaded with the provider's login card). */
export const fr_FR: CatalogueShape<typeof en_EN> = {
  external: {
    signIn: 'Se connecter avec {{name}}',
    builtIn: 'Se connecter avec un nom d’utilisateur et un mot de passe',
    connecting: 'Connexion à {{name}}…',
    redirecting: 'Redirection vers {{name}}…',
    checking: 'Vérification de votre connexion…',
    details: 'Détails techniques',
    error: {
      provider: '{{name}} n’a pas pu vous connecter.',
      exchange: 'La connexion avec {{name}} n’a pas pu aboutir.',
      state: 'La réponse de {{name}} ne correspond pas à cette connexion et a été refusée.',
      refused: 'La connexion du fournisseur d’identité n’a pas été acceptée',
      noAccess: 'Cette identité n’a pas de compte ici',
      linkRequired: 'Cette identité doit être liée à son compte ici par un administrateur',
      unreachable: 'Le fournisseur d’identité est injoignable',
      options: 'La connexion avec {{name}} n’est pas correctement configurée. Veuillez prévenir votre administrateur.',
      failed: 'La connexion avec {{name}} a échoué.',
    },
  },
};
