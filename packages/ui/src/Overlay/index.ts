// The stack itself (layerStack.ts) stays internal: overlays join it through useDismissableLayer.
export * from './useDismissableLayer.ts';
export * from './listNavigation.ts';
export * from './popupSurface.ts';
