import { describeTexts } from '@atrium/app-kit/testing';
import { FILES_TEXTS } from './texts.js';

describeTexts('files', FILES_TEXTS);
