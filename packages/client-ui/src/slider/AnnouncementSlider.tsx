import type { Announcement } from '@atrium/shared';
import { useEffect, useId, useRef, type JSX, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon, ExternalIcon } from '../icons.js';
import type { SliderPort } from '../ports.js';
import './AnnouncementSlider.css';

export interface AnnouncementSliderProps {
  model: SliderPort;
}

/**
 * The login page's announcement slider (§2), a view over SliderModel: image
 * or video cards with READ MORE and FULL SCREEN (not on fallback cards),
 * arrows and dots when there is more than one, the mouse wheel and the
 * arrow keys to change slides. Renders nothing when there are no announcements.
 */
export function AnnouncementSlider({ model }: AnnouncementSliderProps): JSX.Element | null {
  const { t } = useTranslation();
  const state = useObservable(model);
  const detailsId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const fullscreen = state.status === 'ready' && state.fullscreen;
  const detailsOpen = state.status === 'ready' && state.detailsOpen;

  // Escape leaves the details panel first, then full screen, wherever the focus is.
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

  // Keep the focus inside the slider when it changes mode.
  useEffect(() => {
    if (fullscreen) sectionRef.current?.querySelector<HTMLElement>('.atr-slider__exit')?.focus();
  }, [fullscreen]);
  useEffect(() => {
    if (detailsOpen) sectionRef.current?.querySelector<HTMLElement>('.atr-slider__details-heading')?.focus();
  }, [detailsOpen]);

  if (state.status === 'loading') {
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
  if (state.status === 'empty' || state.slides.length === 0) return null;

  const { slides, index } = state;
  const active = slides[index];
  const several = slides.length > 1;

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
      data-testid="slider"
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
            onReadMore={() => model.setDetailsOpen(true)}
            onFullscreen={() => model.setFullscreen(true)}
          />
        ))}
        {several && (
          <>
            <button type="button" className="atr-slider__arrow atr-slider__arrow--previous" onClick={() => model.previous()} aria-label={t('slider.previous')} data-testid="slider.previous">
              <ChevronLeftIcon />
            </button>
            <button type="button" className="atr-slider__arrow atr-slider__arrow--next" onClick={() => model.next()} aria-label={t('slider.next')} data-testid="slider.next">
              <ChevronRightIcon />
            </button>
          </>
        )}
        {fullscreen && (
          <button type="button" className="atr-slider__exit" onClick={() => model.setFullscreen(false)} aria-label={t('slider.exitFullscreen')} title={t('slider.exitFullscreen')} data-testid="slider.exitFullscreen">
            <CloseIcon />
          </button>
        )}
        {detailsOpen && active && (
          <div className="atr-slider__details" id={detailsId} role="region" aria-labelledby={`${detailsId}-heading`} data-testid="slider.details">
            <h2 className="atr-slider__details-heading" id={`${detailsId}-heading`} tabIndex={-1}>
              {active.name}
            </h2>
            <p className="atr-slider__details-text">{active.description}</p>
            <div className="atr-slider__details-actions">
              {active.link && (
                <a className="atr-button atr-button--primary" href={active.link} target="_blank" rel="noopener noreferrer" data-testid="slider.visitLink">
                  {t('slider.visitLink')}
                  <ExternalIcon width={16} height={16} />
                </a>
              )}
              <button type="button" className="atr-button atr-button--secondary" onClick={() => model.setDetailsOpen(false)} data-testid="slider.close">
                {t('slider.close')}
              </button>
            </div>
          </div>
        )}
      </div>
      {several && (
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
      )}
    </section>
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
  onReadMore(): void;
  onFullscreen(): void;
}

/** One card; only the active one is visible, focusable and playing. */
function Slide({ slide, index, count, active, fullscreen, detailsId, detailsOpen, onReadMore, onFullscreen }: SlideProps): JSX.Element {
  const { t } = useTranslation();
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
          active && <video className="atr-slide__video" src={slide.media} muted autoPlay loop playsInline preload="metadata" />
        ) : slide.media ? (
          <img className="atr-slide__image" src={slide.media} alt="" loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
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
