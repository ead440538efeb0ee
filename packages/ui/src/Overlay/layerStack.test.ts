import { afterEach, describe, expect, it, vi } from 'vitest';
import { overlayLayers, pushOverlayLayer, type OverlayLayer } from './layerStack.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((pop) => pop());
  document.body.replaceChildren();
});

function element(parent: Element = document.body): HTMLElement {
  return parent.appendChild(document.createElement('div'));
}

function push(node: Element, options: Partial<OverlayLayer> = {}) {
  const onDismiss = vi.fn();
  const layer = { current: { ref: { current: node }, onDismiss, ...options } };
  cleanups.push(pushOverlayLayer(layer));
  return { layer, onDismiss };
}

const escape = (init: KeyboardEventInit = {}) =>
  document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init }),
  );
const pointerDown = (target: Element) =>
  target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));

describe('the overlay layer stack', () => {
  it('gives Escape and outside pointer-downs to the topmost layer only', () => {
    const modal = element();
    const menu = element(modal);
    const below = push(modal);
    const top = push(menu);
    escape();
    expect(top.onDismiss).toHaveBeenCalledWith('escape');
    expect(below.onDismiss).not.toHaveBeenCalled();
    pointerDown(modal);
    expect(top.onDismiss).toHaveBeenLastCalledWith('outside');
    expect(below.onDismiss).not.toHaveBeenCalled();
    pointerDown(menu);
    expect(top.onDismiss).toHaveBeenCalledTimes(2);
  });

  it('puts a layer below the layers already open inside it (children mount first)', () => {
    const modal = element();
    const popover = push(element(modal));
    const outer = push(modal);
    expect(overlayLayers()).toEqual([outer.layer, popover.layer]);
    escape();
    expect(popover.onDismiss).toHaveBeenCalled();
    expect(outer.onDismiss).not.toHaveBeenCalled();
  });

  it('lets pointer-downs through a layer that takes only keys (a tooltip)', () => {
    const menu = push(element());
    const tooltip = push(element(), { takesPointers: false });
    pointerDown(document.body);
    expect(menu.onDismiss).toHaveBeenCalledWith('outside');
    expect(tooltip.onDismiss).not.toHaveBeenCalled();
    escape();
    expect(tooltip.onDismiss).toHaveBeenCalledWith('escape');
  });

  it('leaves an Escape that a control already used, or one typed in an IME, alone', () => {
    const menu = push(element());
    escape({ isComposing: true });
    const input = document.body.appendChild(document.createElement('input'));
    input.addEventListener('keydown', (event) => event.preventDefault());
    input.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
    expect(menu.onDismiss).not.toHaveBeenCalled();
  });

  it('lets a layer say what is outside it (a modal: only its backdrop)', () => {
    const backdrop = element();
    const toast = element();
    const modal = push(backdrop, { isOutside: (target) => target === backdrop });
    pointerDown(toast);
    expect(modal.onDismiss).not.toHaveBeenCalled();
    pointerDown(backdrop);
    expect(modal.onDismiss).toHaveBeenCalledWith('outside');
  });

  it('forgets a layer once it is taken off', () => {
    const { onDismiss } = push(element());
    cleanups.splice(0).forEach((pop) => pop());
    expect(overlayLayers()).toEqual([]);
    escape();
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
