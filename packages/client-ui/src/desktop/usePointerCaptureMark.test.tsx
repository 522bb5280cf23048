import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, type JSX } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import { usePointerCaptureMark } from './useDesktopEvents.js';

/** A window area marked while a pointer is captured, holding whatever the test puts in it. */
function Area({ children }: { children?: JSX.Element }): JSX.Element {
  const area = useRef<HTMLDivElement>(null);
  usePointerCaptureMark(area);
  return (
    <div ref={area} data-testid="desktop.area">
      {children}
    </div>
  );
}

/** What a browser does on setPointerCapture: the element hears gotpointercapture, and lostpointercapture on release. */
function browserCapture(): void {
  vi.spyOn(Element.prototype, 'setPointerCapture').mockImplementation(function (this: Element, pointerId: number) {
    this.dispatchEvent(new PointerEvent('gotpointercapture', { pointerId, bubbles: true }));
  });
  vi.spyOn(Element.prototype, 'releasePointerCapture').mockImplementation(function (this: Element, pointerId: number) {
    this.dispatchEvent(new PointerEvent('lostpointercapture', { pointerId, bubbles: true }));
  });
}

const marked = () => screen.getByTestId('desktop.area').getAttribute('data-pointer-capture');

let test: DesktopTest | null = null;
beforeEach(() => {
  // jsdom knows no pointer capture: the element methods are missing until stubbed.
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  browserCapture();
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => setTimeout(fn, 0));
});
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the window area while a pointer is pressed or captured (the home frame lets it through)', () => {
  it('is marked from the press on a window header until the release, so a drag over the home frame keeps its moves', async () => {
    test = await renderDesktop({ children: <Area /> });
    const { wid } = test.open();
    const header = screen.getAllByTestId('window.header').find((h) => test!.frame(wid).contains(h))!;
    expect(marked()).toBeNull();
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 300, clientY: 60 });
    expect(marked()).toBe('true');
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 700, clientY: 200 });
    expect(marked()).toBe('true');
    fireEvent.pointerUp(header, { pointerId: 1, button: 0, clientX: 700, clientY: 200 });
    expect(marked()).toBeNull();
  });

  it('is marked from a press, stays so while any of several pointers is held, and ends on a release, a cancel or when the captured element is gone', () => {
    const { unmount } = render(
      <Area>
        <button type="button">grip</button>
      </Area>,
    );
    const grip = screen.getByRole('button', { name: 'grip' });
    // The press marks it at once: the capture is told only with the next move, which may already be over the frame.
    fireEvent.pointerDown(grip, { pointerId: 1 });
    expect(marked()).toBe('true');
    fireEvent.pointerUp(grip, { pointerId: 1 });
    expect(marked()).toBeNull();
    grip.setPointerCapture(1);
    grip.setPointerCapture(2);
    grip.releasePointerCapture(1);
    expect(marked()).toBe('true');
    fireEvent.pointerCancel(grip, { pointerId: 2 });
    expect(marked()).toBeNull();
    // The capturing element removed: the browser tells the document.
    grip.setPointerCapture(3);
    grip.remove();
    document.dispatchEvent(new PointerEvent('lostpointercapture', { pointerId: 3, bubbles: true }));
    expect(marked()).toBeNull();
    // A pointer released without capture changes nothing.
    fireEvent.pointerUp(document.body, { pointerId: 4 });
    expect(marked()).toBeNull();
    unmount();
  });

  it('leaves no mark and no listener behind when the desktop goes', () => {
    const removed = vi.spyOn(document, 'removeEventListener');
    const { unmount } = render(
      <Area>
        <button type="button">grip</button>
      </Area>,
    );
    const area = screen.getByTestId('desktop.area');
    screen.getByRole('button', { name: 'grip' }).setPointerCapture(1);
    unmount();
    expect(area.hasAttribute('data-pointer-capture')).toBe(false);
    expect(removed.mock.calls.map(([name]) => name).sort()).toEqual(['gotpointercapture', 'lostpointercapture', 'pointercancel', 'pointerdown', 'pointerup']);
  });
});
