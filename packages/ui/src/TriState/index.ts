export * from './triState.ts';
export * from './triStateCodec.ts';
export * from './triStateParams.ts';
export * from './TriStateToggle.tsx';
export * from './TriStateFilter.tsx';
export * from './useTriStateSearchParam.ts';
