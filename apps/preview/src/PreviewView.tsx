import { useModel, useTranslation } from '@atrium/app-kit';
import { useCallback, useEffect, useRef, useState, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { ActualSizeIcon, BrokenIcon, DownloadIcon, FitIcon, NextIcon, PictureIcon, PreviousIcon, ZoomInIcon, ZoomOutIcon } from './icons.js';
import type { PreviewModel, PreviewState } from './PreviewModel.js';
import './Preview.css';

export interface PreviewViewProps {
  model: PreviewModel;
  /** The interface locale ('en_EN'), for the zoom percentage. */
  locale: string;
}

/** Space kept around a fitted image, in pixels. */
const STAGE_PADDING = 16;

/** Arrow keys, Home and End move between the toolbar's controls (docs/KEYBOARD.md). */
function handleToolbarKey(event: KeyboardEvent<HTMLDivElement>): void {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
  const at = controls.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: controls.length - 1 }[event.key];
  if (to === undefined || controls.length === 0) return;
  event.preventDefault();
  event.stopPropagation();
  controls[(to + controls.length) % controls.length]?.focus();
}

/** Keys that belong to the element they are pressed in (a player's seek, a field). */
function ownsKeys(target: EventTarget | null): boolean {
  return target instanceof HTMLMediaElement || target instanceof HTMLInputElement || target instanceof HTMLIFrameElement;
}

/** Saves the file through a link to its download address. */
async function download(model: PreviewModel): Promise<void> {
  const file = model.getState().file;
  const address = await model.downloadUrl().catch(() => null);
  if (!address || !file) return;
  const link = document.createElement('a');
  link.href = address;
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The fitted scale of an image of size `natural`, following the stage's size. */
function useFitScale(model: PreviewModel, stageRef: RefObject<HTMLDivElement | null>, natural: { width: number; height: number } | null): void {
  const measure = useCallback(() => {
    const stage = stageRef.current;
    if (!stage || !natural) return;
    const width = stage.clientWidth - 2 * STAGE_PADDING;
    const height = stage.clientHeight - 2 * STAGE_PADDING;
    if (width > 0 && height > 0) model.setFitScale(Math.min(width / natural.width, height / natural.height));
  }, [model, stageRef, natural]);
  useEffect(() => {
    measure();
    const stage = stageRef.current;
    if (!stage || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stageRef, measure]);
}

/** What a key does in the window: ArrowLeft/ArrowRight previous/next; on an image + and - zoom, 0 fits, 1 is 100 %. */
function handlePreviewKey(event: KeyboardEvent<HTMLDivElement>, model: PreviewModel, isImage: boolean): void {
  if (event.ctrlKey || event.metaKey || event.altKey || ownsKeys(event.target)) return;
  const action: Record<string, () => void> = {
    ArrowLeft: () => void model.previous(),
    ArrowRight: () => void model.next(),
    ...(isImage ? { '+': () => model.zoomIn(), '=': () => model.zoomIn(), '-': () => model.zoomOut(), '0': () => model.fit(), '1': () => model.actualSize() } : {}),
  };
  const run = action[event.key];
  if (!run) return;
  event.preventDefault();
  run();
}

/** The toolbar: previous and next, the file's place in its folder, the zoom of an image, download. */
function Toolbar({ model, state, isImage, locale }: { model: PreviewModel; state: PreviewState; isImage: boolean; locale: string }): JSX.Element {
  const { t } = useTranslation();
  const { file, kind, status, siblings } = state;
  const index = model.index;
  return (
    <div className="pvw__bar" role="toolbar" aria-label={t('preview.toolbar')} onKeyDown={handleToolbarKey}>
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.previous')} title={t('preview.previous')} disabled={!model.hasPrevious} onClick={() => void model.previous()} data-testid="preview.previous">
        <PreviousIcon />
      </button>
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.next')} title={t('preview.next')} disabled={!model.hasNext} onClick={() => void model.next()} data-testid="preview.next">
        <NextIcon />
      </button>
      {index >= 0 && siblings.length > 1 && (
        <span className="pvw__position" data-testid="preview.position">
          {t('preview.position', { index: index + 1, count: siblings.length })}
        </span>
      )}
      <span className="pvw__spacer" />
      {isImage && <ZoomControls model={model} zoom={state.zoom} locale={locale} />}
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.download')} title={t('preview.download')} disabled={!file || !kind || status === 'error'} onClick={() => void download(model)} data-testid="preview.download">
        <DownloadIcon />
      </button>
    </div>
  );
}

/** Zoom out, the zoom level, zoom in, fit and 100 %. */
function ZoomControls({ model, zoom, locale }: { model: PreviewModel; zoom: PreviewState['zoom']; locale: string }): JSX.Element {
  const { t } = useTranslation();
  const percent = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'percent', maximumFractionDigits: 0 }).format(model.scale);
  return (
    <>
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.zoomOut')} title={t('preview.zoomOut')} aria-keyshortcuts="-" onClick={() => model.zoomOut()} data-testid="preview.zoomOut">
        <ZoomOutIcon />
      </button>
      <span className="pvw__zoom" aria-live="polite" data-testid="preview.zoom">
        {percent}
      </span>
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.zoomIn')} title={t('preview.zoomIn')} aria-keyshortcuts="+" onClick={() => model.zoomIn()} data-testid="preview.zoomIn">
        <ZoomInIcon />
      </button>
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.fit')} title={t('preview.fit')} aria-keyshortcuts="0" aria-pressed={zoom === 'fit'} onClick={() => model.fit()} data-testid="preview.fit">
        <FitIcon />
      </button>
      <button type="button" className="atr-icon-button pvw__button" aria-label={t('preview.actualSize')} title={t('preview.actualSize')} aria-keyshortcuts="1" aria-pressed={zoom === 1} onClick={() => model.actualSize()} data-testid="preview.actualSize">
        <ActualSizeIcon />
      </button>
    </>
  );
}

/** The stage's state without a file shown: empty, failed or loading. */
function StageMessage({ state }: { state: PreviewState }): JSX.Element | null {
  const { t } = useTranslation();
  const { status, file, error } = state;
  if (status === 'empty') {
    return (
      <div className="pvw__message">
        <PictureIcon />
        <h2 className="pvw__message-title">{t('preview.empty.title')}</h2>
        <p className="pvw__message-text">{t('preview.empty.text')}</p>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="pvw__message" role="alert" data-testid="preview.error">
        <BrokenIcon />
        <p className="pvw__message-text">{error}</p>
      </div>
    );
  }
  if (status === 'loading') {
    return (
      <div className="pvw__loading" role="status" data-testid="preview.loading">
        <span className="atk-spinner atk-spinner--small" aria-hidden="true" />
        <span>{t('preview.loading', { name: file?.filename ?? '' })}</span>
      </div>
    );
  }
  return null;
}

/** The file itself: a video, an audio player or a PDF in a frame, each telling the model when it loaded or failed. */
function Media({ model, url, kind, name }: { model: PreviewModel; url: string; kind: PreviewState['kind']; name: string | undefined }): JSX.Element | null {
  if (kind === 'video') return <video key={url} className="pvw__video" src={url} controls preload="metadata" onLoadedMetadata={() => model.loaded()} onError={() => model.failed()} aria-label={name} data-testid="preview.video" />;
  if (kind === 'audio') {
    return (
      <div className="pvw__audio">
        <p className="pvw__audio-name">{name}</p>
        <audio key={url} src={url} controls preload="metadata" onLoadedMetadata={() => model.loaded()} onError={() => model.failed()} aria-label={name} data-testid="preview.audio" />
      </div>
    );
  }
  if (kind === 'pdf') return <iframe key={url} className="pvw__pdf" src={url} title={name ?? ''} onLoad={() => model.loaded()} data-testid="preview.pdf" />;
  return null;
}

/**
 * Preview's window: a toolbar (previous and next file of the folder, zoom
 * out, the zoom level, zoom in, fit, 100 %, download) over the file: an
 * image fitted to the window and zoomable, video and audio with the
 * browser's controls, a PDF in a frame; or a loading, error or empty state.
 * Keys: ArrowLeft/ArrowRight previous/next, + and - zoom, 0 fits, 1 is 100 %.
 */
export function PreviewView({ model, locale }: PreviewViewProps): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const { file, kind, url, status } = state;
  const stageRef = useRef<HTMLDivElement>(null);
  // The image's own size, once the browser has it (for the address it was read from).
  const [measured, setMeasured] = useState<{ url: string; width: number; height: number } | null>(null);
  const natural = measured && measured.url === url ? measured : null;
  const isImage = kind === 'image' && status !== 'error';

  // The keys work at once in a new window.
  useEffect(() => stageRef.current?.focus({ preventScroll: true }), []);
  // The fitted scale follows the window's size.
  useFitScale(model, stageRef, natural);

  const scale = model.scale;
  return (
    <div className="pvw" data-testid="preview" onKeyDown={(event) => handlePreviewKey(event, model, isImage)}>
      <Toolbar model={model} state={state} isImage={isImage} locale={locale} />
      {/* Focusable, so that the keys work and a zoomed image scrolls from the keyboard. */}
      <div
        ref={stageRef}
        className={`pvw__stage pvw__stage--${kind ?? 'none'}`}
        tabIndex={0}
        role="group"
        aria-label={file?.filename ?? t('preview.empty.title')}
        data-testid="preview.stage"
        data-status={status}
      >
        <StageMessage state={state} />
        {url && status !== 'error' && kind === 'image' && (
          <img
            key={url}
            className="pvw__image"
            src={url}
            alt={file?.filename ?? ''}
            draggable={false}
            style={natural ? { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) } : { position: 'absolute', width: 1, height: 1, opacity: 0 }}
            onLoad={(event) => {
              const image = event.currentTarget;
              setMeasured({ url, width: image.naturalWidth || 1, height: image.naturalHeight || 1 });
              model.loaded();
            }}
            onError={() => model.failed()}
            data-testid="preview.image"
          />
        )}
        {url && status !== 'error' && <Media model={model} url={url} kind={kind} name={file?.filename} />}
      </div>
    </div>
  );
}
