// The chunk of what has nothing to show before the summary arrives: the rows and cards with the
// virtualizer behind them, the label filters, and the page shown when the summary fails.
export { ErrorPage } from '@opsdeck/ui';
export { HealthCards } from './HealthCards.tsx';
export { HealthTable } from './HealthTable.tsx';
export { LabelFilters } from './LabelFilters.tsx';
