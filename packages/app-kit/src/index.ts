/**
 * @atrium/app-kit: what every application needs on top of the sdk
 * (docs/APPLICATIONS.md): models out of React and the hook that follows
 * them, React content in a window, the app's texts with every locale but
 * English loaded when needed, the product's line icons and wallpapers, list
 * keyboard navigation, dismiss on Escape and outside press, the desktop's
 * dialogs as promises, the failure state, the theme's colours of choices, and the document each window
 * shows kept for a restored session. The desktop's own views use
 * the same pieces.
 */
export { Model } from './Model.js';
export { useModel, type Store } from './useModel.js';
export { reactContent, reactWidget, AppPortals } from './reactContent.js';
export { TextSourceProvider, useTextSource, useTranslation, type TextSource, type TFunction, type TranslateOptions } from './useTranslation.js';
export { defineTexts, type AppTexts, type LocaleModule, type TranslatedLocale } from './texts.js';
export { listIndexByKey, focusByKey, listKeyHandler, type ListNavigationOptions, type ListOrientation } from './listNavigation.js';
export { useDismiss, type DismissOptions } from './useDismiss.js';
export { appDialogs, type AppDialogs, type DialogAnswer } from './dialogs.js';
export { FailureState, failureDetails, type FailureStateProps } from './FailureState.js';
export { windowDocument, WINDOW_DOCUMENTS_KEY, MAX_WINDOW_DOCUMENTS, type SavedDocument, type WindowDocument } from './windowDocument.js';
export { AlertIcon, ArrowLeftIcon, CheckIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon, ExternalIcon, EyeIcon, EyeOffIcon, GlobeIcon, InfoIcon, LockIcon, PauseIcon, PlayIcon } from './icons.js';
export * from './desktopIcons.js';
export { RygIcon } from './rygIcon.js';
export { keyLabels } from './keyLabels.js';
export { CHOICE_COLOURS, choiceColourValue, choiceColourVariable, isChoiceColour, type ChoiceColour } from './choiceColours.js';
export { useColorScheme, currentColorScheme, type ColorScheme } from './useColorScheme.js';
export { wallpapers, wallpaperUrl, type Wallpaper } from './wallpapers/wallpapers.js';
