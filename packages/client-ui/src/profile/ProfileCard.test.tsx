import { ProfileCardModel, type RequestClient } from '@atrium/client-core';
import type { UserDetail } from '@atrium/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n, settle } from '../testing/renderAtrium.js';
import { clampToViewport, ProfileCard } from './ProfileCard.js';

afterEach(cleanup);

const DETAIL: UserDetail = { name: 'Ada Lovelace', designation: 'Analyst', username: 'ada', email: 'ada@example.com', icon: null, manager_name: 'Charles Babbage', country: null };

/** The real model over a request client whose GET answers as the test says. */
function model(answer: () => Promise<unknown>): ProfileCardModel {
  const api = { get: vi.fn(answer) } as unknown as RequestClient;
  return new ProfileCardModel(api);
}

async function open(card: ProfileCardModel, onChat = vi.fn()) {
  await renderWithI18n(<ProfileCard model={card} onChat={onChat} />);
  await act(async () => {
    void card.open('u-1', { x: 40, y: 60 });
  });
  await settle();
  return onChat;
}

describe('ProfileCard: the user profile popup card', () => {
  it('shows a skeleton while the detail loads', async () => {
    const card = model(() => new Promise(() => undefined));
    await open(card);
    expect(screen.getByTestId('profileCard.skeleton')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Loading profile' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the default icon, name, designation, chat and mail links and the lines that are not empty', async () => {
    const card = model(() => Promise.resolve({ status: 'success', data: DETAIL }));
    const onChat = await open(card);
    expect(screen.getByRole('dialog', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByTestId('profileCard.defaultPhoto')).toBeTruthy();
    expect(screen.getByTestId('profileCard.designation').textContent).toBe('Analyst');
    expect(screen.getByTestId('profileCard.email').textContent).toContain('ada@example.com');
    expect(screen.getByTestId('profileCard.manager').textContent).toContain('Charles Babbage');
    expect(screen.queryByTestId('profileCard.country')).toBeNull();
    expect(screen.getByTestId('profileCard.mail').getAttribute('href')).toBe('mailto:ada@example.com');
    fireEvent.click(screen.getByTestId('profileCard.chat'));
    expect(onChat).toHaveBeenCalledWith('ada');
    expect(screen.queryByTestId('profileCard')).toBeNull();
  });

  it('shows the photo when the user has one, and hides mail and lines without an email', async () => {
    const card = model(() => Promise.resolve({ status: 'success', data: { ...DETAIL, icon: '/media/ada.jpg', email: null, manager_name: '', country: 'United Kingdom' } }));
    await open(card);
    expect(screen.getByTestId('profileCard.photo').getAttribute('src')).toBe('/media/ada.jpg');
    expect(screen.queryByTestId('profileCard.mail')).toBeNull();
    expect(screen.queryByTestId('profileCard.email')).toBeNull();
    expect(screen.queryByTestId('profileCard.manager')).toBeNull();
    expect(screen.getByTestId('profileCard.country').textContent).toContain('United Kingdom');
  });

  it('closes with the X, with a click on the overlay and with Escape', async () => {
    const card = model(() => Promise.resolve({ status: 'success', data: DETAIL }));
    await open(card);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('profileCard')).toBeNull();

    await act(async () => void card.open('u-1', { x: 1, y: 1 }));
    await settle();
    fireEvent.mouseDown(screen.getByTestId('profileCard.overlay'));
    expect(screen.queryByTestId('profileCard')).toBeNull();

    await act(async () => void card.open('u-1', { x: 1, y: 1 }));
    await settle();
    fireEvent.mouseDown(screen.getByTestId('profileCard'));
    expect(screen.getByTestId('profileCard')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('profileCard'), { key: 'Escape' });
    expect(screen.queryByTestId('profileCard')).toBeNull();
  });

  it('closes when the detail cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const card = model(() => Promise.reject(new Error('offline')));
    await open(card);
    expect(screen.queryByTestId('profileCard')).toBeNull();
    warn.mockRestore();
  });

  it('takes focus, keeps Tab inside and gives focus back when it closes', async () => {
    const before = document.createElement('button');
    document.body.appendChild(before);
    before.focus();
    const card = model(() => Promise.resolve({ status: 'success', data: DETAIL }));
    await open(card);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByTestId('profileCard.mail'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(document.activeElement).toBe(before);
    before.remove();
  });
});

describe('clampToViewport', () => {
  const size = { width: 320, height: 240 };
  const viewport = { width: 1000, height: 700 };
  it('opens at the click position when it fits', () => {
    expect(clampToViewport({ x: 100, y: 80 }, size, viewport)).toEqual({ left: 100, top: 80 });
  });
  it('moves the card back inside near the right and bottom edges', () => {
    expect(clampToViewport({ x: 990, y: 690 }, size, viewport)).toEqual({ left: 672, top: 452 });
  });
  it('keeps the margin on a screen smaller than the card', () => {
    expect(clampToViewport({ x: 50, y: 50 }, size, { width: 300, height: 200 })).toEqual({ left: 8, top: 8 });
  });
});
