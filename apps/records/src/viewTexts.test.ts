import { describeTexts } from '@atrium/app-kit/testing';
import { RECORDS_VIEW_TEXTS } from './viewTexts.js';

describeTexts('records', RECORDS_VIEW_TEXTS, {
  sameWordIn: {
    'records.timeline.comment.send': ['nb_NO'],
  },
});
