/**
 * Number and interval formatting for the page and the exports: percentages, intervals, differences,
 * decimal complements (1 − x written exactly), Markdown table cells.
 */
export * from './count-format';
export * from './decimal-complement';
export * from './difference-format';
export * from './format';
export * from './markdown-cell';
