import { describe, expect, it, vi } from 'vitest';
import { Observable } from './Observable.js';

class Counter extends Observable<{ n: number }> {
  constructor() {
    super({ n: 0 });
  }
  inc() {
    this.setState({ n: this.getState().n + 1 });
  }
  same() {
    this.setState(this.getState());
  }
}

describe('Observable', () => {
  it('notifies subscribers when the snapshot changes', () => {
    const counter = new Counter();
    const listener = vi.fn();
    counter.subscribe(listener);
    counter.inc();
    expect(listener).toHaveBeenCalledOnce();
    expect(counter.getState()).toEqual({ n: 1 });
  });

  it('keeps the same snapshot object until it changes, and stays quiet for the same object', () => {
    const counter = new Counter();
    const listener = vi.fn();
    counter.subscribe(listener);
    const before = counter.getState();
    counter.same();
    expect(counter.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops notifying after unsubscribe', () => {
    const counter = new Counter();
    const listener = vi.fn();
    counter.subscribe(listener)();
    counter.inc();
    expect(listener).not.toHaveBeenCalled();
  });
});
