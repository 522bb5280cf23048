import type { Announcement } from '@atrium/shared';
import { useEffect, useId, useRef, useState, type FocusEvent, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon, ExternalIcon, PauseIcon, PlayIcon } from '@atrium/app-kit';
import type { SliderPort, SliderState } from '../ports.js';
import './AnnouncementSlider.css';

export interface AnnouncementSliderProps {
  model: SliderPort;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A user who prefers reduced motion gets a slider that does not move by
 * itself (paused from the start; the play button still starts it).
 */
function usePauseForReducedMotion(model: SliderPort): void {
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION);
    if (query.matches) model.setPaused(true);
    const handleChange = (event: MediaQueryListEvent) => {
      if (event.matches) model.setPaused(true);
    };
    query.addEventListener?.('change', handleChange);
    return () => query.removeEventListener?.('change', handleChange);
  }, [model]);
}

/**
 * The login page's announcement slider (docs/behaviour/login-page.md#announcement-slider), a view over SliderModel: image
 * or video cards with READ MORE and FULL SCREEN (not on fallback cards),
 * arrows and dots when there is more than one, the mouse wheel and the
 * arrow keys to change slides. Renders nothing when there are no announcements.
 *
 * Accessibility (docs/ACCESSIBILITY.md): a labelled pause/play button stops
 * the automatic advance (and a video); the slider holds still while the
 * pointer is over it or focus is inside it, and does not move by itself for
 * a user who prefers reduced motion. The dots are 24x24 targets. Only the
 * visible slide's media loads at first; another slide's when it is about to
 * be shown (`upcoming`) or has been shown.
 */
export function AnnouncementSlider({ model }: AnnouncementSliderProps): JSX.Element | null {
  const { t } = useTranslation();
  const state = useObservable(model);
  const detailsId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const fullscreen = state.status === 'ready' && state.fullscreen;
  const detailsOpen = state.status === 'ready' && state.detailsOpen;
  usePauseForReducedMotion(model);
  const shown = useShownSlides(state);
  useSliderModes(model, sectionRef, fullscreen, detailsOpen);

  if (state.status === 'loading') return <SliderSkeleton />;
  if (state.status === 'empty' || state.slides.length === 0) return null;

  const { slides, index, paused } = state;
  const active = slides[index];
  const several = slides.length > 1;

  const handleFocus = () => model.setHold('focus', true);
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) model.setHold('focus', false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!several || event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowRight') model.next();
    else if (event.key === 'ArrowLeft') model.previous();
    else return;
    event.preventDefault();
  };

  return (
    <section
      ref={sectionRef}
      className={`atr-slider${fullscreen ? ' atr-slider--fullscreen' : ''}`}
      aria-roledescription="carousel"
      aria-label={t('slider.region')}
      onWheel={(event) => model.wheel(event.deltaY)}
      onKeyDown={handleKeyDown}
      onMouseEnter={() => model.setHold('hover', true)}
      onMouseLeave={() => model.setHold('hover', false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
      data-testid="slider"
      data-paused={paused}
    >
      <div className="atr-slider__stage">
        {slides.map((slide, i) => (
          <Slide
            key={slide.uuid}
            slide={slide}
            index={i}
            count={slides.length}
            active={i === index}
            fullscreen={fullscreen}
            detailsId={detailsId}
            detailsOpen={detailsOpen}
            loadMedia={shown.has(slide.uuid)}
            paused={paused}
            onReadMore={() => model.setDetailsOpen(true)}
            onFullscreen={() => model.setFullscreen(true)}
          />
        ))}
        {several && <Arrows model={model} />}
        {fullscreen && (
          <button type="button" className="atr-slider__exit" onClick={() => model.setFullscreen(false)} aria-label={t('slider.exitFullscreen')} title={t('slider.exitFullscreen')} data-testid="slider.exitFullscreen">
            <CloseIcon />
          </button>
        )}
        {detailsOpen && active && <Details slide={active} id={detailsId} onClose={() => model.setDetailsOpen(false)} />}
      </div>
      {several && <Controls model={model} slides={slides} index={index} paused={paused} />}
    </section>
  );
}

/** The slides whose media has been asked for (the visible one and the one about to be): once loaded, a slide keeps it. */
function useShownSlides(state: SliderState): ReadonlySet<string> {
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const wanted = state.status === 'ready' ? [state.slides[state.index], state.upcoming === null ? undefined : state.slides[state.upcoming]] : [];
  const missing = wanted.filter((slide): slide is Announcement => !!slide && !shown.has(slide.uuid));
  if (missing.length > 0) setShown(new Set([...shown, ...missing.map((slide) => slide.uuid)]));
  return shown;
}

/**
 * Full screen and the details panel: Escape leaves the panel first, then full screen, wherever
 * the focus is; focus stays inside the slider when it changes mode, and the hold of focus ends
 * when what held it has gone.
 */
function useSliderModes(model: SliderPort, sectionRef: RefObject<HTMLElement | null>, fullscreen: boolean, detailsOpen: boolean): void {
  useEffect(() => {
    if (!fullscreen && !detailsOpen) return;
    const handleKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (detailsOpen) model.setDetailsOpen(false);
      else model.setFullscreen(false);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [fullscreen, detailsOpen, model]);

  // Focus that was inside may have gone with what held it (the details panel's CLOSE): no longer held then.
  useEffect(() => {
    if (!sectionRef.current?.contains(document.activeElement)) model.setHold('focus', false);
  });

  // Keep the focus inside the slider when it changes mode.
  useEffect(() => {
    if (fullscreen) sectionRef.current?.querySelector<HTMLElement>('.atr-slider__exit')?.focus();
  }, [sectionRef, fullscreen]);
  useEffect(() => {
    if (detailsOpen) sectionRef.current?.querySelector<HTMLElement>('.atr-slider__details-heading')?.focus();
  }, [sectionRef, detailsOpen]);
}

/** The slider's place while its announcements load. */
function SliderSkeleton(): JSX.Element {
  const { t } = useTranslation();
  return (
    <section className="atr-slider atr-slider--loading" aria-busy="true" aria-label={t('slider.loading')} data-testid="slider.loading">
      <div className="atr-slider__skeleton">
        <span className="atr-slider__skeleton-line atr-slider__skeleton-line--title" />
        <span className="atr-slider__skeleton-line" />
        <span className="atr-slider__skeleton-line atr-slider__skeleton-line--short" />
      </div>
    </section>
  );
}

/** The details panel of the active slide (READ MORE): its text, its link and CLOSE. */
function Details({ slide, id, onClose }: { slide: Announcement; id: string; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="atr-slider__details" id={id} role="region" aria-labelledby={`${id}-heading`} data-testid="slider.details">
      <h2 className="atr-slider__details-heading" id={`${id}-heading`} tabIndex={-1}>
        {slide.name}
      </h2>
      <p className="atr-slider__details-text">{slide.description}</p>
      <div className="atr-slider__details-actions">
        {slide.link && (
          <a className="atr-button atr-button--primary" href={slide.link} target="_blank" rel="noopener noreferrer" data-testid="slider.visitLink">
            {t('slider.visitLink')}
            <ExternalIcon width={16} height={16} />
          </a>
        )}
        <button type="button" className="atr-button atr-button--secondary" onClick={onClose} data-testid="slider.close">
          {t('slider.close')}
        </button>
      </div>
    </div>
  );
}

/** The previous and next arrows. */
function Arrows({ model }: { model: SliderPort }): JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="atr-slider__arrow atr-slider__arrow--previous" onClick={() => model.previous()} aria-label={t('slider.previous')} data-testid="slider.previous">
        <ChevronLeftIcon />
      </button>
      <button type="button" className="atr-slider__arrow atr-slider__arrow--next" onClick={() => model.next()} aria-label={t('slider.next')} data-testid="slider.next">
        <ChevronRightIcon />
      </button>
    </>
  );
}

/** The pause/play button and a dot per slide. */
function Controls({ model, slides, index, paused }: { model: SliderPort; slides: readonly Announcement[]; index: number; paused: boolean }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="atr-slider__controls">
      <button
        type="button"
        className="atr-slider__pause"
        onClick={() => model.setPaused(!paused)}
        aria-label={paused ? t('slider.play') : t('slider.pause')}
        title={paused ? t('slider.play') : t('slider.pause')}
        data-testid="slider.pause"
      >
        {paused ? <PlayIcon width={16} height={16} /> : <PauseIcon width={16} height={16} />}
      </button>
      <div className="atr-slider__dots" role="group" aria-label={t('slider.region')}>
        {slides.map((slide, i) => (
          <button
            key={slide.uuid}
            type="button"
            className={`atr-slider__dot${i === index ? ' atr-slider__dot--active' : ''}`}
            onClick={() => model.goTo(i)}
            aria-label={t('slider.goTo', { number: i + 1, count: slides.length })}
            aria-current={i === index ? 'true' : undefined}
            data-testid="slider.dot"
          />
        ))}
      </div>
    </div>
  );
}

interface SlideProps {
  slide: Announcement;
  index: number;
  count: number;
  active: boolean;
  fullscreen: boolean;
  detailsId: string;
  detailsOpen: boolean;
  /** Whether its media may load (it is shown, has been, or is about to be). */
  loadMedia: boolean;
  /** The slider is paused: a video does not play. */
  paused: boolean;
  onReadMore(): void;
  onFullscreen(): void;
}

/** One card; only the active one is visible, focusable and playing. */
function Slide({ slide, index, count, active, fullscreen, detailsId, detailsOpen, loadMedia, paused, onReadMore, onFullscreen }: SlideProps): JSX.Element {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  // The pause button stops a playing video too (moving content, WCAG 2.2.2).
  useEffect(() => {
    const element = video.current;
    if (!element || element.readyState === 0) return;
    if (paused && !element.paused) element.pause();
    else if (!paused && element.paused) void element.play().catch(() => undefined);
  }, [paused]);
  return (
    <article
      className={`atr-slide${active ? ' atr-slide--active' : ''}${slide.fallback ? ' atr-slide--fallback' : ''}`}
      aria-roledescription="slide"
      aria-label={`${index + 1} / ${count}`}
      aria-hidden={!active}
      inert={!active}
      data-testid="slider.slide"
      data-index={index}
      data-active={active}
    >
      <div className="atr-slide__media">
        {slide.media && slide.media_type === 'video' ? (
          active && <video ref={video} className="atr-slide__video" src={slide.media} muted autoPlay={!paused} loop playsInline preload="metadata" />
        ) : slide.media && loadMedia ? (
          <img className="atr-slide__image" src={slide.media} alt="" loading={active ? 'eager' : 'lazy'} decoding="async" />
        ) : null}
      </div>
      <div className={`atr-slide__caption${fullscreen ? ' atr-slide__caption--fullscreen' : ''}`}>
        <h2 className="atr-slide__name">{slide.name}</h2>
        {slide.description && <p className="atr-slide__description">{slide.description}</p>}
        {!slide.fallback && (
          <div className="atr-slide__actions">
            <button type="button" className="atr-slide__action" onClick={onReadMore} aria-expanded={active && detailsOpen} aria-controls={active && detailsOpen ? detailsId : undefined} data-testid="slider.readMore">
              {t('slider.readMore')}
            </button>
            {!fullscreen && (
              <button type="button" className="atr-slide__action atr-slide__action--ghost" onClick={onFullscreen} data-testid="slider.fullscreen">
                <ExpandIcon width={16} height={16} />
                {t('slider.fullscreen')}
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
