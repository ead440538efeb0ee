// The lazy page module of `/catalog/:id (the header and tabs around the sub-pages)`.
export { ConfigLayout as Component } from '../ConfigPage/ConfigLayout.tsx';
