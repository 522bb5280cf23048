import type { Translate } from './WindowIdExistsError.js';

/** A window's top-left corner, in pixels relative to the desktop viewport. */
export interface Position {
  left: number;
  top: number;
}

/** A width and height in pixels. */
export interface Dimension {
  width: number;
  height: number;
}

/** Media class of a window's width: small <= 640, medium < 1024, big >= 1024. */
export type Media = 'small' | 'medium' | 'big';

/** Where a window with a gravity is placed inside the viewport. */
export type Gravity = 'center' | 'top' | 'bottom' | 'left' | 'right' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** Snap targets: left or right half of the viewport, or 'top' (= maximize). */
export type SnapZone = 'left' | 'right' | 'top';

/** The edge or corner a resize is dragged from; the opposite side stays fixed. */
export type ResizeEdge = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/** A window's attributes (docs/behaviour/windows.md#attributes), fixed when it is opened. */
export interface WindowAttributes {
  modal: boolean;
  ontop: boolean;
  gravity: Gravity | null;
  moveable: boolean;
  resizable: boolean;
  focusable: boolean;
  maximizable: boolean;
  minimizable: boolean;
  sessionable: boolean;
  closeable: boolean;
  header: boolean;
  controls: boolean;
  /** Keeps the window inside the viewport (open, move, resize, viewport change). */
  clamp: boolean;
  /** Windows whose visibility is 'global' or null are listed in the panel's window list. */
  visibility: 'global' | 'restricted' | null;
  /** Defaults to 100x100 and is never below it. */
  minDimension: Dimension;
  maxDimension: Dimension | null;
}

/** A window's state flags (docs/behaviour/windows.md#states). */
export interface WindowFlags {
  moving: boolean;
  resizing: boolean;
  loading: boolean;
  focused: boolean;
  maximized: boolean;
  minimized: boolean;
}

/** Immutable snapshot of one window; replaced on every change of that window. */
export interface WindowRecord {
  /** Unique number for the desktop's lifetime. */
  wid: number;
  /** Unique per application (appId). */
  id: string;
  appId: string | null;
  title: string;
  icon: string | null;
  /** wid of the parent window. */
  parent: number | null;
  position: Position;
  dimension: Dimension;
  zIndex: number;
  media: Media;
  state: WindowFlags;
  attributes: WindowAttributes;
  /** Shown after the title in the title bar (may be empty). */
  breadcrumb: string[];
  /** Set while snapped to a half, or maximized by dragging to the top. */
  snapped: SnapZone | null;
}

/** A title as given: a text, or a function of the translator computed again when the language changes (docs/behaviour/windows.md#title). */
export type WindowTitle = string | ((t: Translate) => string);

/** What WindowManager.open takes; everything but id has a default. */
export interface WindowOptions {
  id: string;
  appId?: string | null;
  title?: WindowTitle;
  icon?: string | null;
  parent?: number | null;
  position?: Partial<Position>;
  dimension?: Partial<Dimension>;
  attributes?: Partial<WindowAttributes>;
  breadcrumb?: string[];
}

/** Window session record (docs/behaviour/windows.md#session-records). */
export interface WindowSessionRecord {
  id: string;
  maximized: boolean;
  minimized: boolean;
  position: Position;
  dimension: Dimension;
}
