/**
 * Links: the shared parameter reader (LinkReader, link-params) and the routes, then one
 * parser/builder per route (*-link.ts) and the share links.
 */
export * from './compare-link';
export * from './coverage-link';
export * from './data-link';
export * from './deployment-params';
export * from './explorer-link';
export * from './link-params';
export * from './methods-link';
export * from './multiclass-link';
export * from './plan-link';
export * from './posterior-link';
export * from './report-link';
export * from './routes';
export * from './share-links';
export * from './workspace-link';
