export {
  pushOverlayLayer,
  type DismissReason,
  type OverlayLayer,
  type OverlayLayerBox,
} from './layerStack';
export * from './useDismissableLayer';
export * from './listNavigation';
export * from './popupSurface';
