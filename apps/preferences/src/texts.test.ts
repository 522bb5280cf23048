import { describeTexts } from '@atrium/app-kit/testing';
import { PREFERENCES_TEXTS } from './texts.js';

describeTexts('preferences', PREFERENCES_TEXTS, {
  sameWordIn: { 'preferences.section.notifications': ['fr_FR'] },
});
