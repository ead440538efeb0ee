// The lazy page module of `/catalog/insights`.
export { CatalogInsightsPage as Component } from '../InsightsPage/CatalogInsightsPage.tsx';
