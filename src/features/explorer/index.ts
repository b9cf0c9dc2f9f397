/** The tail explorer, as the app shell's SECTIONS table renders it. */
export { ExplorerView } from './ExplorerView';
