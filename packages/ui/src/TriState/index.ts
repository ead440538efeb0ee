export * from './triState';
export * from './triStateCodec';
export * from './triStateParams';
export * from './TriStateToggle';
export * from './TriStateFilter';
export * from './useTriStateSearchParam';
