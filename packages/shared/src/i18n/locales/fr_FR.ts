import type { CatalogueShape } from '../catalogue.js';
import type { en_EN } from './en_EN.js';

export const fr_FR: CatalogueShape<typeof en_EN> = {
  app: { name: 'Atrium' },
  start: {
    title: 'Bienvenue sur Atrium',
    status: 'Le serveur fonctionne. La page de connexion arrive bientôt.',
    version: 'Version {{version}}',
  },
  login: {
    error: {
      failed: 'Échec de la connexion',
      incorrect: "Le nom d'utilisateur ou le mot de passe saisi est incorrect",
      empty: "Le nom d'utilisateur ou le mot de passe ne peut pas être vide",
    },
  },
  forgot: {
    error: { required: "Veuillez saisir votre nom d'utilisateur" },
    sent: 'Si le compte existe, un e-mail contenant des instructions vous sera envoyé',
  },
  reset: {
    success: 'Mot de passe réinitialisé avec succès',
    expired: 'Le lien de réinitialisation du mot de passe a expiré, veuillez recommencer.',
  },
  password: {
    length: 'Le mot de passe doit contenir au moins huit caractères !',
    digit: 'Le mot de passe doit contenir au moins un chiffre (0-9) !',
    lowercase: 'Le mot de passe doit contenir au moins une lettre minuscule (a-z) !',
    uppercase: 'Le mot de passe doit contenir au moins une lettre majuscule (A-Z) !',
    special: "Le mot de passe doit contenir au moins un caractère spécial ($&+,:;=?@#|'<>.-^*()%!)",
    mismatch: 'Les mots de passe ne correspondent pas',
  },
};
