import { Session } from '@atrium/client-core';
import { SliderModel } from '@atrium/client-core';
import { FakeEnvironment } from '@atrium/client-core/testing';
import type { Announcement } from '@atrium/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcement, API, HOST, renderWithI18n, routeAnnouncements, settle, testConfig } from '../testing/renderAtrium.js';
import { AnnouncementSlider } from './AnnouncementSlider.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderSlider(list: Announcement[] | null) {
  const env = new FakeEnvironment({ address: `https://${HOST}/` });
  if (list) routeAnnouncements(env, list);
  const session = new Session(env, testConfig());
  const model = new SliderModel(env, session.api, API);
  const view = await renderWithI18n(<AnnouncementSlider model={model} />);
  await act(async () => {
    await model.load(HOST);
  });
  await settle();
  return { env, model, view };
}

const slides = () => screen.getAllByTestId('slider.slide');
const active = () => slides().find((s) => s.dataset.active === 'true')!;

describe('announcement slider', () => {
  it('shows a loading skeleton, then the cards', async () => {
    const env = new FakeEnvironment({ address: `https://${HOST}/` });
    routeAnnouncements(env, [announcement()]);
    const model = new SliderModel(env, new Session(env, testConfig()).api, API);
    await renderWithI18n(<AnnouncementSlider model={model} />);
    expect(screen.getByTestId('slider.loading').getAttribute('aria-busy')).toBe('true');
    await act(() => model.load(HOST));
    expect(screen.queryByTestId('slider.loading')).toBeNull();
    expect(slides()).toHaveLength(1);
  });

  it('renders nothing when there are no announcements', async () => {
    const { view } = await renderSlider([]);
    expect(view.container.innerHTML).toBe('');
  });

  it('shows no arrows or dots for a single announcement', async () => {
    await renderSlider([announcement()]);
    expect(screen.queryByTestId('slider.next')).toBeNull();
    expect(screen.queryByTestId('slider.previous')).toBeNull();
    expect(screen.queryAllByTestId('slider.dot')).toHaveLength(0);
  });

  it('moves with the arrows, the dots and the wheel, wrapping around', async () => {
    await renderSlider([announcement({ name: 'One' }), announcement({ name: 'Two' }), announcement({ name: 'Three' })]);
    expect(active().dataset.index).toBe('0');
    expect(screen.getByRole('button', { name: 'Next announcement' })).toBe(screen.getByTestId('slider.next'));
    fireEvent.click(screen.getByTestId('slider.next'));
    expect(active().dataset.index).toBe('1');
    fireEvent.click(screen.getByTestId('slider.previous'));
    fireEvent.click(screen.getByTestId('slider.previous'));
    expect(active().dataset.index).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Show announcement 2 of 3' }));
    expect(active().dataset.index).toBe('1');
    fireEvent.wheel(screen.getByTestId('slider'), { deltaY: 120 });
    expect(active().dataset.index).toBe('2');
    expect(within(active()).getByRole('heading').textContent).toBe('Three');
    // inactive cards are hidden from assistive technology and the keyboard
    expect(slides()[0]!.getAttribute('aria-hidden')).toBe('true');
  });

  it('READ MORE opens the details panel without VISIT LINK when the announcement has no link', async () => {
    await renderSlider([announcement({ name: 'Welcome', description: 'Read this.' })]);
    fireEvent.click(within(active()).getByTestId('slider.readMore'));
    const details = screen.getByTestId('slider.details');
    expect(within(details).getByRole('heading').textContent).toBe('Welcome');
    expect(details.textContent).toContain('Read this.');
    expect(screen.queryByTestId('slider.visitLink')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByTestId('slider.details')).toBeNull();
  });

  it('READ MORE offers VISIT LINK in a new tab when a link exists', async () => {
    await renderSlider([announcement({ link: 'https://example.com/training' })]);
    fireEvent.click(screen.getByRole('button', { name: 'READ MORE' }));
    const link = screen.getByRole('link', { name: 'VISIT LINK' });
    expect(link).toBe(screen.getByTestId('slider.visitLink'));
    expect(link.getAttribute('href')).toBe('https://example.com/training');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows fallback announcements with image, name and description only', async () => {
    await renderSlider([announcement({ name: 'Maintenance', description: 'Saturday night.', fallback: true })]);
    const card = active();
    expect(within(card).getByRole('heading').textContent).toBe('Maintenance');
    expect(card.textContent).toContain('Saturday night.');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(`${API}/resources/res-1`);
    expect(within(card).queryByTestId('slider.readMore')).toBeNull();
    expect(within(card).queryByTestId('slider.fullscreen')).toBeNull();
  });

  it('plays a video card muted, looped and inline', async () => {
    await renderSlider([announcement({ media_type: 'video', media: 'tour' })]);
    const video = active().querySelector('video')!;
    expect(video.getAttribute('src')).toBe(`${API}/resources/tour`);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
  });

  it('goes full screen and leaves it with Escape or the close button', async () => {
    const { model } = await renderSlider([announcement(), announcement()]);
    fireEvent.click(within(active()).getByRole('button', { name: /FULL SCREEN/ }));
    expect(screen.getByTestId('slider').className).toContain('atr-slider--fullscreen');
    expect(model.getState()).toMatchObject({ fullscreen: true });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('slider').className).not.toContain('atr-slider--fullscreen');
    fireEvent.click(within(active()).getByTestId('slider.fullscreen'));
    fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(model.getState()).toMatchObject({ fullscreen: false });
  });

  it('closes the details panel with Escape', async () => {
    await renderSlider([announcement()]);
    fireEvent.click(screen.getByTestId('slider.readMore'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('slider.details')).toBeNull();
  });
});

describe('announcement slider accessibility (docs/ACCESSIBILITY.md)', () => {
  const three = () => [announcement({ name: 'One', media: 'one' }), announcement({ name: 'Two', media: 'two' }), announcement({ name: 'Three', media: 'three' })];
  const index = () => Number(active().dataset.index);

  it('has a labelled pause button that stops the automatic advance, and a play button that restarts it', async () => {
    const { env } = await renderSlider(three());
    const pause = screen.getByRole('button', { name: 'Pause announcements' });
    fireEvent.click(pause);
    expect(screen.getByTestId('slider').dataset.paused).toBe('true');
    act(() => env.clock.advance(60_000));
    expect(index()).toBe(0);
    const play = screen.getByRole('button', { name: 'Play announcements' });
    expect(play).toBe(pause);
    fireEvent.click(play);
    act(() => env.clock.advance(10_000));
    expect(index()).toBe(1);
  });

  it('holds still while the pointer is over it or focus is inside it', async () => {
    const { env } = await renderSlider(three());
    const slider = screen.getByTestId('slider');
    fireEvent.mouseEnter(slider);
    act(() => env.clock.advance(30_000));
    expect(index()).toBe(0);
    fireEvent.mouseLeave(slider);
    fireEvent.focus(screen.getByTestId('slider.next'));
    act(() => env.clock.advance(30_000));
    expect(index()).toBe(0);
    // Focus moving between its own controls keeps it held; leaving it lets it go on.
    fireEvent.blur(screen.getByTestId('slider.next'), { relatedTarget: screen.getByTestId('slider.previous') });
    act(() => env.clock.advance(30_000));
    expect(index()).toBe(0);
    fireEvent.blur(screen.getByTestId('slider.previous'), { relatedTarget: null });
    act(() => env.clock.advance(10_000));
    expect(index()).toBe(1);
  });

  it('does not advance by itself for a user who prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('prefers-reduced-motion: reduce'), addEventListener: () => undefined, removeEventListener: () => undefined }));
    const { env } = await renderSlider(three());
    expect(screen.getByRole('button', { name: 'Play announcements' })).toBeTruthy();
    act(() => env.clock.advance(60_000));
    expect(index()).toBe(0);
  });

  it("loads only the visible slide's image, then the next one's shortly before it is shown, and keeps what was shown", async () => {
    const { env } = await renderSlider(three());
    const images = () => slides().map((slide) => slide.querySelector('img')?.getAttribute('src') ?? null);
    expect(images()).toEqual([`${API}/resources/one`, null, null]);
    expect(active().querySelector('img')?.getAttribute('loading')).toBe('eager');
    act(() => env.clock.advance(6_999));
    expect(images()).toEqual([`${API}/resources/one`, null, null]);
    act(() => env.clock.advance(1));
    expect(images()).toEqual([`${API}/resources/one`, `${API}/resources/two`, null]);
    act(() => env.clock.advance(3_000));
    expect(index()).toBe(1);
    fireEvent.click(screen.getByTestId('slider.next'));
    expect(images()).toEqual([`${API}/resources/one`, `${API}/resources/two`, `${API}/resources/three`]);
  });
});
