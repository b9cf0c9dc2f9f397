export { MethodsView } from './MethodsView';
