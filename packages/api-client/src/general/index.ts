export { aboutQuery, kubeconfigUrl, propertiesQuery } from './general.ts';
