// The lazy page module of `/catalog/scrapers`.
export { ScrapersPage as Component } from '../ScrapersPage/ScrapersPage.tsx';
