export { DataView } from './DataView';
