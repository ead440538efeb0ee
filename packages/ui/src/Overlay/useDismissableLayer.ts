import { useEffect, useRef } from 'react';
import { pushOverlayLayer, type OverlayLayer } from './layerStack.ts';

/** Joins the overlay stack while `open`: only the topmost open layer is dismissed by Escape or an outside click. */
export function useDismissableLayer(open: boolean, layer: OverlayLayer): void {
  const box = useRef(layer);
  useEffect(() => {
    box.current = layer;
  });
  useEffect(() => (open ? pushOverlayLayer(box) : undefined), [open]);
}
