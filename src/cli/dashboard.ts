/**
 * Everything the command line takes from the dashboard's data layer, in one place: the same parsers,
 * exports, method names and SQL as the pages, never a second copy. Only the folders' index.ts files
 * are imported (src/data is organised by concern).
 */
export { CLASS_INTERVAL_METHODS, classDetectorIntervals, computeIntervals, uniqueId, slugify, MAX_DETECTORS_PER_FILE, type Detector } from '../data/detectors';
export {
  parseCountsCsv,
  parseDetectorsJsonText,
  classIntervalsToCsv,
  intervalsToCsv,
  INTERVALS_CSV_HEADER,
  UTF8_BOM,
  confidenceCell,
  textCell,
  countsAdHocDetector,
  methodOfMetric,
  type IntervalMetric,
  type RowError,
} from '../data/files';
export {
  BALANCED_METHODS,
  ANYTIME_METHOD_IDS,
  ANYTIME_METHOD_LABEL,
  anytimeIntervals,
  BALANCED_METHOD_IDS,
  DEFAULT_BALANCED_METHOD,
  balancedIntervalBy,
  effectiveMethod,
  isBalancedMethod,
  macroRecallMethod,
  type BalancedMethod,
} from '../data/methods';
export { countsHref, multiclassHref, parseClassCounts, parseMulticlassLink, deltaProblem, clip } from '../data/links';
export { dealOutByClassSize, rememberExpensiveInterval } from '../data/workers';
export { formatConfidence, formatEstimateWithInterval, formatFullPrecision, formatHonestPercent } from '../data/format';
export {
  classCombinationsSql,
  classReadingFromRows,
  createExamplesSql,
  CsvParts,
  detectEvaluationFormat,
  detectorCountsSql,
  detectorIdFromName,
  distinctCountsSql,
  FORMAT_SNIFF_BYTES,
  guessMapping,
  isFilterable,
  JsonLinesReader,
  NO_WORDS,
  problemSummarySql,
  quoteIdentifier,
  readerProblem,
  readFileSql,
  ROW_PROBLEMS,
  sliceAlias,
  sliceCountsSql,
  sliceTable,
  SOURCE_TABLE,
  YES_WORDS,
  type ClassDetector,
  type EvaluationFilter,
  type EvaluationFormat,
  type EvaluationMapping,
  type GroupedCounts,
  type SliceTable,
  type TypeDetection,
} from '../data/evaluation';
export { parseCompareLink, compareHref, planHref, type PlanLink, type CompareLink } from '../data/links';
export { groupRowErrors, parsePairedCsv } from '../data/files';
// The planner's and the comparison's answers are pure models of their views, reused as they are.
export { metricPlanOutcome, planOutcome, type PlanOutcome } from '../features/planner/plan-answer';
export { compare, comparisonSentence, testSentence, comparisonToCsv, countsText, type Comparison, type ComparisonInput, type PairedMethod, type UnpairedMethod } from '../features/compare/compare-model';
