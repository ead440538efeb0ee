// The lazy page module of `/catalog/scrapers/:id`.
export { ScraperPage as Component } from '../ScrapersPage/ScraperPage.tsx';
