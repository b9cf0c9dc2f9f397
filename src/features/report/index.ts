/** The report feature's view, as the app shell's SECTIONS table renders it. */
export { ReportView } from './ReportView';
