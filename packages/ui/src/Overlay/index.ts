// The stack itself (layerStack.ts) stays internal: overlays join it through useDismissableLayer.
export * from './useDismissableLayer';
export * from './listNavigation';
export * from './popupSurface';
