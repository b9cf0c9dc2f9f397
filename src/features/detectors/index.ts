/** The detectors feature's views, as the app shell's SECTIONS table renders them. */
export { CountsView } from './CountsView';
export { DetectorsListView } from './DetectorsListView';
export { DetectorView } from './DetectorView';
export { SharedWorkspaceView } from './SharedWorkspaceView';
