import { cleanup, render, screen } from '@testing-library/react';
import { useRef, type JSX } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOnArrival } from './useFocusOnArrival.js';

afterEach(cleanup);

function Card(): JSX.Element {
  const card = useRef<HTMLDivElement>(null);
  useFocusOnArrival(card);
  return (
    <div ref={card}>
      <button type="button">Password rules</button>
      <input aria-label="Username" />
    </div>
  );
}

describe('useFocusOnArrival', () => {
  it('focuses the first field of the card when nothing holds the focus', () => {
    render(<Card />);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('leaves the focus where it is when something else holds it', () => {
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    render(<Card />);
    expect(document.activeElement).toBe(other);
    other.remove();
  });
});
