// The one dismiss stack every overlay of @opsdeck/ui joins (modal, menu, select, popover, tooltip):
// only the topmost layer hears Escape and outside pointer-downs, so a menu open inside a modal
// closes alone. Plain DOM, no React: useDismissableLayer is the React side.

export type DismissReason = 'escape' | 'outside';

export interface OverlayLayer {
  /** The layer's area, its trigger included; a layer whose area holds another's sits below it. */
  ref: { readonly current: Element | null };
  /** Escape or an outside pointer-down reached this layer while it was the topmost one. */
  onDismiss: (reason: DismissReason) => void;
  /** What counts as outside; defaults to anything not in `ref`. The modal narrows it to its backdrop. */
  isOutside?: (target: Node) => boolean;
  /**
   * Whether a node belongs to the layer; defaults to `ref`'s DOM subtree. A portalled popover counts
   * its trigger, its own box and the popovers opened from inside it (React-tree children).
   */
  contains?: (node: Node) => boolean;
  /** Tooltips take Escape only and let pointer-downs through to the layer below. Defaults to true. */
  takesPointers?: boolean;
}

/** A layer is read through a box at event time, so its owner can swap callbacks without re-stacking. */
export interface OverlayLayerBox {
  readonly current: OverlayLayer;
}

const layers: OverlayLayerBox[] = [];

/** The layers, bottom first (for tests). */
export function overlayLayers(): readonly OverlayLayerBox[] {
  return layers;
}

function onKeyDown(event: KeyboardEvent) {
  const top = layers.at(-1);
  // A control that used Escape itself (an editor's search panel, an IME) has had it.
  if (top && event.key === 'Escape' && !event.defaultPrevented && !event.isComposing) {
    event.preventDefault();
    top.current.onDismiss('escape');
  }
}

function layerContains(layer: OverlayLayer, node: Node | null): boolean {
  if (!node) return false;
  return layer.contains ? layer.contains(node) : Boolean(layer.ref.current?.contains(node));
}

function onPointerDown(event: PointerEvent) {
  const top = layers.findLast((box) => box.current.takesPointers !== false)?.current;
  const target = event.target as Node;
  if (top && (top.isOutside ? top.isOutside(target) : !layerContains(top, target)))
    top.onDismiss('outside');
}

/** Puts a layer on the stack (below any layer already open inside it) and returns what takes it off. */
export function pushOverlayLayer(box: OverlayLayerBox): () => void {
  // Adding the same listener twice is a no-op. Bubble phase for keys, so a control inside can claim
  // Escape first; capture for pointers, so a stopPropagation below cannot hide an outside click.
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', onPointerDown, true);
  // Effects run children first: a modal that mounts with a popover already open inside goes below it.
  const firstInside = layers.findIndex((other) =>
    layerContains(box.current, other.current.ref.current),
  );
  layers.splice(firstInside < 0 ? layers.length : firstInside, 0, box);
  return () => {
    const index = layers.indexOf(box);
    if (index >= 0) layers.splice(index, 1);
  };
}
