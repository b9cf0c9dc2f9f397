export { CoverageView } from './CoverageView';
