/** The compare feature's views, as the app shell's SECTIONS table renders them. */
export { CompareView } from './CompareView';
export { RankView } from './RankView';
