import { runComparisonBench } from '../bench/comparison-bench';
runComparisonBench();
