export { PosteriorView } from './PosteriorView';
