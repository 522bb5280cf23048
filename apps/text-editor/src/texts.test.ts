import { describeTexts } from '@atrium/app-kit/testing';
import { TEXT_EDITOR_TEXTS } from './texts.js';

describeTexts('textEditor', TEXT_EDITOR_TEXTS);
