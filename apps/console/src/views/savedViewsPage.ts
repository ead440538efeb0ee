// The lazy page module of /views.
export { SavedViewsPage as Component } from './SavedViewsPage.tsx';
