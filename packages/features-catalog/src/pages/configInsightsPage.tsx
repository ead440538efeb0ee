// The lazy page module of `/catalog/:id/insights`.
export { ConfigInsightsPage as Component } from '../ConfigPage/ConfigInsightsPage.tsx';
