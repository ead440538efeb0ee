export * from './DataTable';
export * from './Pager';
export * from './csv';
export * from './csvExport';
export * from './pagination';
export * from './pageSize';
export * from './urlState';
export * from './useTableUrlState';
